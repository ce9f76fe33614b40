// backref runner for JavaScript (V8 irregexp). See engines/README.md for the output format.
'use strict';
const fs = require('fs');

const [patternFile, subjectFile] = process.argv.slice(2);
const pattern = fs.readFileSync(patternFile, 'utf8');
const subject = fs.readFileSync(subjectFile, 'utf8');
const lines = [];

function clean(message) {
  const text = String(message).replace(/\s+/g, ' ').trim();
  return text.length > 2000 ? text.slice(0, 2000) + '...' : text;
}

function textRecord(text) {
  return Buffer.byteLength(text, 'utf8') + ':' + text;
}

function errorKind(e) {
  if (e instanceof SyntaxError) return 'compile';
  if (e instanceof RangeError) return 'stack';
  return 'match';
}

function run() {
  const t0 = process.hrtime.bigint();
  let regex;
  try {
    regex = new RegExp(pattern);
  } catch (e) {
    lines.push('ERROR compile ' + clean(e.message));
    return;
  }
  const t1 = process.hrtime.bigint();
  let m;
  try {
    // V8 compiles lazily, so "too large" errors may surface here as a SyntaxError.
    m = regex.exec(subject);
  } catch (e) {
    lines.push('ERROR ' + errorKind(e) + ' ' + clean(e.message));
    return;
  }
  const t2 = process.hrtime.bigint();
  lines.push('T ' + (Number(t1 - t0) / 1e6).toFixed(6) + ' ' + (Number(t2 - t1) / 1e6).toFixed(6));
  if (m === null) {
    lines.push('NOMATCH');
    return;
  }
  lines.push('MATCH ' + m.length);
  for (let i = 0; i < m.length; i++) {
    lines.push(m[i] === undefined ? 'G ' + i + ' -' : 'G ' + i + ' ' + textRecord(m[i]));
  }
}

try {
  run();
} catch (e) {
  lines.push('ERROR match ' + clean(e && e.message));
}
lines.push('END');
fs.writeSync(1, lines.join('\n') + '\n');
