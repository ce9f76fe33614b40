// Drives headless Chromium through chromedriver (WebDriver over HTTP, Node's own fetch; no
// packages): opens each inspection page, clicks "solve in this browser", waits for the answer,
// reads the drawn board and the decoded values back from the page, clicks a group, and saves a
// screenshot. Reads a job (JSON) from argv[2]; prints the results as JSON on stdout.
import { readFileSync, writeFileSync } from 'node:fs';

const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const W3C_ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

async function call(method, path, body) {
  const res = await fetch(job.driver + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value)}`);
  return json.value;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const session = await call('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        browserName: 'chrome',
        'goog:chromeOptions': { binary: job.chromium, args: job.args },
      },
    },
  });
  const id = session.sessionId;
  const s = (path) => `/session/${id}${path}`;
  const exec = (script) => call('POST', s('/execute/sync'), { script, args: [] });
  const results = [];
  try {
    await call('POST', s('/window/rect'), { width: 1280, height: 1400 });
    for (const page of job.pages) {
      const r = { path: page.path };
      await call('POST', s('/url'), { url: 'file://' + page.path });
      r.title = await exec('return document.title');
      if (page.solve === false) {
        // Only opened: the script ran without errors and drew the statements.
        r.rowsShown = await exec("return document.querySelectorAll('#statements tbody tr').length");
        r.errors = await exec('return window.backrefErrors');
        results.push(r);
        continue;
      }
      // A group: clicking it pins its captures, references and meaning.
      const group = await exec(
        "var g = document.querySelector('i[data-r]') || document.querySelector('i[data-c]');" +
        "if (!g) return null; g.click();" +
        "var info = document.getElementById('group-info');" +
        "return {hidden: info.hidden, text: info.textContent, marked: document.querySelectorAll('i.on').length};");
      r.group = group;
      if (page.limitSeconds !== undefined) {
        await exec("document.getElementById('limit').value = '" + page.limitSeconds + "'");
      }
      const button = await call('POST', s('/element'), { using: 'css selector', value: '#solve-button' });
      const t0 = Date.now();
      await call('POST', s(`/element/${button[W3C_ELEMENT]}/click`), {});
      let state = 'running';
      while (Date.now() - t0 < job.timeoutMs) {
        state = await exec("return document.body.getAttribute('data-solve')");
        if (state && state !== 'running') break;
        await sleep(50);
      }
      r.state = state;
      r.wallMs = Date.now() - t0;
      r.result = await exec('return window.backrefResult || null');
      r.status = await exec("return document.getElementById('status').textContent");
      r.rows = await exec("var g = document.getElementById('grid'); var d = g.getAttribute('data-rows'); return d ? JSON.parse(d) : null;");
      r.drawnText = await exec("return document.getElementById('grid').textContent");
      r.solvedSvgElements = await exec("return document.querySelectorAll('#solved-svg svg *').length");
      r.solvedSvg = await exec("var s = document.querySelector('#solved-svg svg'); return s ? new XMLSerializer().serializeToString(s) : null;");
      r.puzzleSvg = await exec("var s = document.querySelector('#puzzle-svg svg'); return s ? new XMLSerializer().serializeToString(s) : null;");
      r.errors = await exec('return window.backrefErrors');
      if (page.screenshot) {
        const png = await call('GET', s('/screenshot'));
        writeFileSync(page.screenshot, Buffer.from(png, 'base64'));
      }
      results.push(r);
    }
  } finally {
    await call('DELETE', s('')).catch(() => {});
  }
  process.stdout.write(JSON.stringify(results));
}

main().catch((e) => {
  process.stderr.write(String(e.stack || e) + '\n');
  process.exit(1);
});
