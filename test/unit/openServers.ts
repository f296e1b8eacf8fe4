// Root hook: a test that leaves a server listening (a GitLab double never closed) keeps mocha's process alive after
// its summary, and CI would wait for its time limit. Fail the run naming what is still open instead.
export const mochaHooks = {
  afterAll(): void {
    const servers = process.getActiveResourcesInfo().filter((kind) => kind === 'TCPServerWrap');
    if (servers.length > 0) {
      throw new Error(`${servers.length} server(s) still listening after every test: a test started a GitLab double (or another server) and did not close it`);
    }
  },
};
