// `npm run jest`: the unit and component tests (projects node and dom) and the browser
// tests (project e2e) as two Jest processes at once. They are independent: the browser
// tests share one demo build folder and run one file at a time among themselves, while
// the others run beside them, so the two cores stay busy while a browser test waits on
// its page. Each process's output is printed whole when it ends, so the two do not
// interleave. With arguments (a path, -t …) it is plain `jest` with them.
import { spawn } from 'node:child_process'

const args = process.argv.slice(2)
const jestBin = new URL('../node_modules/jest/bin/jest.js', import.meta.url).pathname

function run(jestArgs, label) {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, [jestBin, ...jestArgs], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env })
    const chunks = []
    child.stdout.on('data', (chunk) => chunks.push(chunk))
    child.stderr.on('data', (chunk) => chunks.push(chunk))
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000)
      process.stdout.write(Buffer.concat(chunks))
      process.stdout.write(`\n[${label}] ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n\n`)
      resolve(code === 0)
    })
  })
}

if (args.length > 0) {
  process.exitCode = (await run(args, 'jest')) ? 0 : 1
} else {
  // --forceExit: the fresh-clone run at 5a28258 passed all 3,340 node + dom tests in
  // 1,200 s and then did not exit (an open handle in one of them, not yet found); a run that
  // can only end at CI's time limit lands nothing. The handle is to be found and closed.
  const results = await Promise.all([run(['--selectProjects', 'node', 'dom', '--forceExit'], 'node + dom'), run(['--selectProjects', 'e2e', '--forceExit'], 'e2e')])
  process.exitCode = results.every(Boolean) ? 0 : 1
}
