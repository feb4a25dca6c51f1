import { spawn } from 'node:child_process';
import { once } from 'node:events';

// A stand-in OpenTelemetry collector that takes OTLP/HTTP requests and drops them, in a process of its own:
// in the benchmark's process its requests would be traced too, and its work would count against the server.
const SINK = `
const server = require('node:http').createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** Starts the sink; its endpoint is what OTEL_EXPORTER_OTLP_ENDPOINT takes. */
export async function startSpanSink() {
  const child = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    endpoint: `http://127.0.0.1:${port.toString().trim()}`,
    close: () => void child.kill(),
  };
}
