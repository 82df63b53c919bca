// Imported first by every script, so an old Node stops here with one line before anything else loads.
const major = Number(process.versions.node.split(".")[0])
if (major < 20) {
  process.stderr.write(`Node ${process.versions.node} is too old: this project needs Node 20 or newer.\n`)
  process.exit(1)
}
export {}
