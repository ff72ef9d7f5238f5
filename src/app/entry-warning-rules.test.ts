import { describe, expect, it } from 'vitest';
import { entryWarningDue, type EntryWarningConditions } from './entry-warning-rules.ts';

const base: EntryWarningConditions = {
  loggedIn: false,
  standalone: false,
  settings: { enable_site_entry_popup: true, countries: ['NL', 'DE', 'BE'], geoip_country: 'BE', geoip_selected_country: null },
  layout: 'default',
  dismissed: false,
};

describe('entryWarningDue (spec 1)', () => {
  it('shows to a visitor from a site country in the default layout', () => {
    expect(entryWarningDue(base)).toBe(true);
  });
  it('skips installed-app mode, members, a site that turned it off, accepted ones and other countries', () => {
    expect(entryWarningDue({ ...base, standalone: true })).toBe(false);
    expect(entryWarningDue({ ...base, loggedIn: true })).toBe(false);
    expect(entryWarningDue({ ...base, dismissed: true })).toBe(false);
    expect(entryWarningDue({ ...base, settings: { ...base.settings!, enable_site_entry_popup: false } })).toBe(false);
    expect(entryWarningDue({ ...base, settings: { ...base.settings!, geoip_country: 'US' } })).toBe(false);
    expect(entryWarningDue({ ...base, settings: { ...base.settings!, geoip_country: null } })).toBe(false);
  });
  it('in the chat, lander and empty layouts only for NL and DE; a chosen country counts over the guessed one', () => {
    for (const layout of ['chat', 'lander', 'empty'] as const) {
      expect(entryWarningDue({ ...base, layout })).toBe(false);
      expect(entryWarningDue({ ...base, layout, settings: { ...base.settings!, geoip_country: 'NL' } })).toBe(true);
    }
    expect(entryWarningDue({ ...base, layout: 'lander', settings: { ...base.settings!, geoip_selected_country: 'DE' } })).toBe(
      true,
    );
  });
});
