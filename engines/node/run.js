// backref runner for JavaScript (V8 irregexp). See engines/README.md for the output format.
//
// The regex runs in a worker thread with a large stack: V8 compiles a regex recursively and
// reports "Stack overflow" on big patterns (rectangles guillotine_12x8, 0.9 MB) with the main
// thread's default ~1 MB. A worker's stack size is set when the thread is created, so this is
// safe where `node --stack-size` is not.
'use strict';
const fs = require('fs');
const { Worker, isMainThread, parentPort } = require('worker_threads');

const STACK_MB = 256;

if (isMainThread) {
  const worker = new Worker(__filename, {
    argv: process.argv.slice(2),
    resourceLimits: { stackSizeMb: STACK_MB },
  });
  let reported = false;
  worker.on('message', (text) => {
    reported = true;
    fs.writeSync(1, text);
  });
  worker.on('error', (e) => {
    if (!reported) {
      reported = true;
      fs.writeSync(1, 'ERROR match ' + String(e && e.message).replace(/\s+/g, ' ') + '\nEND\n');
    }
  });
  return;
}

const [patternFile, subjectFile, flags = ''] = process.argv.slice(2);
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

// V8's limits on a regexp, reported as SyntaxErrors (at construction or, since V8 compiles
// lazily, at the first exec).
const TOO_LARGE = /Too many captures|too large|Stack overflow/i;

function errorKind(e) {
  if (e instanceof SyntaxError) return TOO_LARGE.test(e.message) ? 'toolarge' : 'compile';
  if (e instanceof RangeError) return 'stack';
  return 'match';
}

function run() {
  const t0 = process.hrtime.bigint();
  let regex;
  try {
    // Only `m` and `s`: the Rust side refuses `x`, which JavaScript lacks.
    regex = new RegExp(pattern, flags);
  } catch (e) {
    // A RangeError here is the parser's stack running out: a limit, not a gave-up search.
    const kind = e instanceof RangeError ? 'toolarge' : errorKind(e);
    lines.push('ERROR ' + kind + ' ' + clean(e.message));
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
parentPort.postMessage(lines.join('\n') + '\n');
