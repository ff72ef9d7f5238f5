import { beforeEach, describe, expect, it } from 'vitest';
import { choosePrompt, prompts, releasePrompt, wantPrompt } from './prompts.ts';

describe('choosePrompt: one prompt at a time, by one priority list', () => {
  it('gives none when none asks', () => {
    expect(choosePrompt([])).toBeNull();
  });
  it('entry warning > signup modal > activation reminder > offer popup > push opt-in > photo alert > install', () => {
    const all = ['install', 'photo-alert', 'push-opt-in', 'offer-popup', 'activation-reminder', 'signup-modal'] as const;
    expect(choosePrompt([...all, 'entry-warning'])).toBe('entry-warning');
    expect(choosePrompt(all)).toBe('signup-modal');
    expect(choosePrompt(all.slice(0, 5))).toBe('activation-reminder');
    expect(choosePrompt(all.slice(0, 4))).toBe('offer-popup');
    expect(choosePrompt(all.slice(0, 3))).toBe('push-opt-in');
    expect(choosePrompt(all.slice(0, 2))).toBe('photo-alert');
    expect(choosePrompt(all.slice(0, 1))).toBe('install');
  });
  it('does not depend on the order in which the prompts asked', () => {
    expect(choosePrompt(['photo-alert', 'push-opt-in'])).toBe('push-opt-in');
    expect(choosePrompt(['push-opt-in', 'photo-alert'])).toBe('push-opt-in');
  });
});

describe('wantPrompt and releasePrompt', () => {
  beforeEach(() => {
    prompts.wanted = [];
  });
  it('shows the next prompt only after the one before it is dismissed', () => {
    wantPrompt('install');
    wantPrompt('photo-alert');
    wantPrompt('activation-reminder');
    expect(choosePrompt(prompts.wanted)).toBe('activation-reminder');
    releasePrompt('activation-reminder');
    expect(choosePrompt(prompts.wanted)).toBe('photo-alert');
    releasePrompt('photo-alert');
    expect(choosePrompt(prompts.wanted)).toBe('install');
    releasePrompt('install');
    expect(choosePrompt(prompts.wanted)).toBeNull();
  });
  it('lets a higher prompt that comes due later take the screen and hand it back when closed', () => {
    wantPrompt('photo-alert');
    wantPrompt('offer-popup');
    expect(choosePrompt(prompts.wanted)).toBe('offer-popup');
    releasePrompt('offer-popup');
    expect(choosePrompt(prompts.wanted)).toBe('photo-alert');
  });
  it('asks once however often a prompt asks, and a release of one not asking changes nothing', () => {
    wantPrompt('offer-popup');
    wantPrompt('offer-popup');
    releasePrompt('install');
    expect(prompts.wanted).toEqual(['offer-popup']);
  });
});
