// The baseline: a bare Node HTTP server that answers each path with the bytes the product gave
// for it (read from the JSON file named by argv[2]), reading any request body first.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byPath = new Map(
  answers.map((a) => [a.path, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') }]),
);

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const answer = byPath.get(request.url);
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
    response.end(answer.body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
