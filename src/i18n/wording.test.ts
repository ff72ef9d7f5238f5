// Wordings that once read wrong in one language, checked through i18next as the app resolves them (plural forms,
// the member's gender as context).
import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/** An i18next instance with `ns` of `lng` only (no fallback: a missing form shows as its key). */
async function translator(lng: string, ns: string) {
  const url = new URL(`../../locales/${lng}/${ns}.json`, import.meta.url);
  const instance = i18next.createInstance();
  await instance.init({ lng, ns: [ns], defaultNS: ns, resources: { [lng]: { [ns]: JSON.parse(readFileSync(url, 'utf8')) } } });
  return instance.t;
}

describe('wording', () => {
  it('the signup step of the birthday names the date of birth, not the day or its party', async () => {
    const expected: Record<string, string> = {
      de: 'Geburtsdatum',
      fr: 'Date de naissance',
      nl: 'Geboortedatum',
      sv: 'Födelsedatum',
      es: 'Fecha de nacimiento',
      it: 'Data di nascita',
      nb: 'Fødselsdato',
      da: 'Fødselsdato',
      fi: 'Syntymäaika',
      pl: 'Data urodzenia',
    };
    for (const [lng, text] of Object.entries(expected))
      expect((await translator(lng, 'account'))('signup.steps.birthday')).toBe(text);
  });

  it('German says "Benutzername" in the stepper as in the field', async () => {
    const t = await translator('de', 'account');
    expect(t('signup.steps.username')).toBe(t('fields.username'));
  });

  it('Polish details agree with the member: "Wolna" for a woman, "Wolny" for a man', async () => {
    const t = await translator('pl', 'profile-fields');
    for (const [key, context, text] of [
      ['relationship_status.single', 'female', 'Wolna'],
      ['relationship_status.single', 'male', 'Wolny'],
      ['body_type.slim', 'male', 'Szczupły'],
      ['relationship_status.divorced', 'female', 'Po rozwodzie'],
    ])
      expect(t(key, { context })).toBe(text);
  });

  it('French counts one character in the singular', async () => {
    const t = await translator('fr', 'complaints');
    expect(t('count', { count: 1, max: 5000 })).toBe('1 sur 5000 caractères');
    expect(t('count', { count: 0, max: 5000 })).not.toMatch(/\b[01] caractères/);
  });

  it('Italian "show all" needs no article that depends on the number ("tutti i 11")', async () => {
    const t = await translator('it', 'members');
    expect(t('similar.showAll', { count: 11 })).toBe('Mostrali tutti (11)');
    expect(t('similar.showAll', { count: 8 })).not.toMatch(/tutti i \d/);
  });

  it('Dutch calls the credits refund policy a refund policy, Swedish the ban page in plain words', async () => {
    expect((await translator('nl', 'common'))('footer.returnPolicy')).toBe('Terugbetalingsbeleid');
    expect((await translator('sv', 'common'))('footer.ban')).toBe('Avstängning och åldersgräns');
  });
});
