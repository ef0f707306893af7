// The bare node:http reference of the bench (tools/bench/references.ts): answers each request, after
// reading its body, with the very bytes the service answered for it (status, content type, body),
// chosen by the request's X-Bench-Answer header (the first without one); what the service spends above this is its own work.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import process from 'node:process';

const answers = JSON.parse(readFileSync(process.argv[2], 'utf8')).map((a) => {
  const body = Buffer.from(a.body, 'base64');
  return { status: a.status, headers: { 'content-type': a.contentType, 'content-length': body.length }, body };
});
createServer((req, res) => {
  const answer = answers[Number(req.headers['x-bench-answer'] ?? 0)];
  req.on('data', () => {});
  req.on('end', () => {
    if (answer === undefined) {
      res.statusCode = 404;
      res.end();
    } else {
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    }
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
