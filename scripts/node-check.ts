// The project brings its own Node (npm package `node`, put first on PATH by npm scripts).
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: run through npm (npm start / npm test), which uses the project's Node 22 from node_modules/.bin.`);
  process.exit(1);
}
