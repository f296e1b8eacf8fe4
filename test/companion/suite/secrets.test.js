// SecretStorage round trip through the companion's own ExtensionContext, in the real host.
const assert = require('assert');

function nextChange(secrets, key, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`no onDidChange for ${key} within ${timeoutMs} ms`));
    }, timeoutMs);
    const subscription = secrets.onDidChange((event) => {
      if (event.key !== key) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(event);
    });
  });
}

describe('SecretStorage', function () {
  it('stores, reads back, announces and deletes a secret', async function () {
    const { secrets } = this.companion.context;
    const key = `companion.roundTrip.${Date.now()}`;
    const value = `glpat-${Math.random().toString(36).slice(2)}`;
    assert.strictEqual(await secrets.get(key), undefined);

    const stored = nextChange(secrets, key, 10_000);
    await secrets.store(key, value);
    await stored;
    assert.strictEqual(await secrets.get(key), value);

    const deleted = nextChange(secrets, key, 10_000);
    await secrets.delete(key);
    await deleted;
    assert.strictEqual(await secrets.get(key), undefined);
  });
});
