// Runs before any TypeScript tooling loads, in syntax every Node accepts, so an old Node gets one clear line.
const major = Number(process.versions.node.split(".")[0])
if (major < 20) {
  process.stderr.write("Node " + process.versions.node + " is too old: this project needs Node 20 or newer.\n")
  process.exit(1)
}
