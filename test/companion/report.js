// Sends the in-host result to the test runner: an HTTP POST to a loopback URL, or a JSON file.
const fs = require('fs');
const http = require('http');

function postJson(url, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json' } }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode >= 200 && response.statusCode < 300
          ? resolve()
          : reject(new Error(`report rejected with HTTP ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

async function deliverReport(target, report) {
  const body = JSON.stringify(report);
  if (target.file) fs.writeFileSync(target.file, body);
  if (target.url) {
    try {
      await postJson(target.url, body);
    } catch (error) {
      console.error(`[gitlab-activity-companion] could not deliver the in-host test report: ${error.message}`);
    }
  }
}

module.exports = { deliverReport };
