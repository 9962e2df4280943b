/**
 * Names reach certificates and mails (#30): bidi overrides and isolates, other control characters
 * and zero-width tricks are removed where names come in (sign-up, profile creation, accounts made by
 * the seed or the CLI), and again where a name is drawn into a mail or a certificate.
 */
import { describe, expect, it } from 'vitest';
import { cleanName } from '../src/http/plain-text.js';
import { mails } from '../src/modules/mail/templates.js';
import { startTestApi } from './support/http.js';
import { bearer, confirmEmail, postJson, signUp } from './support/identity.js';

// "Alice" followed by a right-to-left override that makes "fdp.exe" read as "exe.pdf", and friends.
const HOSTILE = '\u202eAli\u200bce\u2066\u0007 \u202dfdp.exe\u2069\u0000\ufeff\u200d\u200d\u200d';

describe('names', () => {
  it('removes bidi controls, control characters and zero-width tricks, keeping real text', () => {
    expect(cleanName(HOSTILE)).toBe('Alice fdp.exe');
    // U+202A–U+202E, U+2066–U+2069, LRM/RLM/ALM.
    expect(cleanName('a\u202ab\u202bc\u202cd\u2067e\u2068f\u200eg\u200fh\u061ci')).toBe('abcdefghi');
    // C1 controls and line breaks; runs of spaces become one.
    expect(cleanName('  Ana\u0085\u009b  \n\t María  ')).toBe('Ana María');
    // A single joiner inside a word is real text in many scripts (Malayalam, Devanagari); a pile is not.
    expect(cleanName('ന്\u200dമ')).toBe('ന്\u200dമ');
    expect(cleanName('क्\u200c\u200c\u200cष')).toBe('क्\u200cष');
    expect(cleanName('\u200dBob\u200c')).toBe('Bob');
    expect(cleanName('Zoë 李 😀')).toBe('Zoë 李 😀');
  });

  it('cleans names at sign-up and profile creation, and refuses a name of nothing but controls', async () => {
    const api = await startTestApi();
    try {
      const empty = await postJson(api, '/api/auth/sign-up', {
        name: '\u202e\u200b\u0000',
        email: 'empty@example.com',
        password: 'a long password',
      });
      expect(empty).toMatchObject({ status: 400, body: { success: false } });

      await signUp(api, 'hostile@example.com', HOSTILE);
      const account = await api.deps.store.collection('accounts').findOne({ email: 'hostile@example.com' });
      expect(account?.name).toBe('Alice fdp.exe');
      const mail = (await api.deps.mailer.outbox(10)).find((m) => m.to === 'hostile@example.com');
      expect(mail?.text).toContain('Hi Alice fdp.exe,');

      const { token, userId } = await confirmEmail(api, 'hostile@example.com');
      const created = await postJson(api, '/api/user/create', { name: `Bob\u202e${HOSTILE}` }, bearer(token));
      expect(created.status).toBe(201);
      const user = await api.deps.store.collection('users').findOne({ _id: userId });
      expect(user?.name).toBe('BobAlice fdp.exe');

      // An account made outside the sign-up (the CLI) is cleaned too.
      const made = await api.deps.auth.local?.createAccount({
        name: `\u202e${'x'}\u0007`,
        email: 'cli@example.com',
        password: 'a long password',
        emailVerified: true,
      });
      expect(made?.name).toBe('x');
    } finally {
      await api.close();
    }
  });

  it('draws only clean names into mails, whatever is stored', () => {
    const mail = mails.passwordChanged('a@example.com', HOSTILE);
    expect(mail.text).toContain('Hi Alice fdp.exe,');
    expect(mail.text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(mail.text).not.toContain('\u0000');
  });
});
