import { describe, expect, it } from 'vitest';
import { isWeakPassword, passwordUserInputs } from './password-strength.ts';
import { defaultSites } from '../../seed/site.ts';
import type { Site } from '../types.ts';

const site = { id: 1, ...defaultSites[0] } as Site;
const member = { name: 'Zephyrine', email: 'wobblecourt.q@example.org' };
const inputs = passwordUserInputs(site, member);

describe('password strength (zxcvbn, ASVS V6.2)', () => {
  it('refuses the guessable passwords of the security review, with or without user inputs', () => {
    for (const password of ['heartline', 'abcdefgh', '87654321', 'qwertzuiop', 'dating123', `${' '.repeat(8)}x`])
      expect(isWeakPassword(password, inputs), password).toBe(true);
  });

  it("counts the site's and the member's own words as guessed first", () => {
    expect(inputs).toEqual(expect.arrayContaining(['heartline', 'heartline dating', 'localhost', 'zephyrine', 'wobblecourt.q']));
    for (const password of ['heartlinemedia', 'Heartline Dating 77', 'zephyrine1990', 'wobblecourt.q@example.org']) {
      expect(isWeakPassword(password, []), password).toBe(false);
      expect(isWeakPassword(password, inputs), password).toBe(true);
    }
  });

  it('accepts passphrases, also those the tests and the demo use', () => {
    for (const password of ['correct horse battery', 'a long enough password', 'my new secret words', 'Tr0ub4dor&3'])
      expect(isWeakPassword(password, inputs), password).toBe(false);
  });
});
