// The reply filter in the 11 site languages: contact details and proposals to meet refused, ordinary flirting let
// through (docs/operations.md "Fictional profiles' inbox").
import { describe, expect, it } from 'vitest';
import { languages, type Language } from '../../../contract/common.ts';
import { checkReply, MEETING_WORDS, type ReplyRule } from './reply-filter.ts';

/** Per language: replies that must pass, and replies with the rule each breaks. */
const CASES: Record<Language, { pass: string[]; refuse: [string, ReplyRule][] }> = {
  en: {
    pass: ['Hi! How was your day? I just got back from a long walk with my dog.', 'I am 29 and I love cooking, 100% true.'],
    refuse: [
      ['Call me on +44 7700 900123', 'phone'],
      ['write me: anna.k@mailbox.org', 'email'],
      ['find me on www.example.net', 'link'],
      ["Let's meet tomorrow?", 'meeting'],
      ['Come to my place tonight', 'meeting'],
      ['I booked a hotel room', 'meeting'],
    ],
  },
  da: {
    pass: ['Hej! Hvordan går det? Jeg har haft en dejlig dag i haven.'],
    refuse: [
      ['Ring til mig på 20 12 34 56', 'phone'],
      ['min mail er sofie (at) post (dot) dk', 'email'],
      ['se mine billeder på sofie.dk', 'link'],
      ['Skal vi mødes i aften?', 'meeting'],
      ['Kom hjem hos mig', 'meeting'],
    ],
  },
  de: {
    pass: ['Hallo! Wie war dein Tag? Ich war heute im Kino, der Film war toll.'],
    refuse: [
      ['Meine Nummer: 0171 2345678', 'phone'],
      ['Schreib mir an lena@web.de', 'email'],
      ['Schau auf https://lena-blog.de vorbei', 'link'],
      ['Wollen wir uns treffen?', 'meeting'],
      ['Komm heute Abend zu mir', 'meeting'],
    ],
  },
  es: {
    pass: ['¡Hola! ¿Qué tal tu semana? Yo he estado leyendo mucho.'],
    refuse: [
      ['Mi número es 612 34 56 78', 'phone'],
      ['escríbeme a lucia.m@correo.es', 'email'],
      ['mira mi perfil en lucia-fotos.com', 'link'],
      ['¿Quedamos el sábado?', 'meeting'],
      ['Te espero en mi casa esta noche', 'meeting'],
    ],
  },
  fi: {
    pass: ['Hei! Mitä kuuluu? Kävin tänään pitkällä kävelyllä metsässä.'],
    refuse: [
      ['Soita numeroon 040 123 4567', 'phone'],
      ['sähköposti: aino.v@posti.fi', 'email'],
      ['katso kuvani aino dot fi', 'link'],
      ['Voisimmeko tavata huomenna?', 'meeting'],
      ['Mennään treffeille tänä iltana', 'meeting'],
    ],
  },
  fr: {
    pass: ['Coucou ! Comment s’est passée ta journée ? Moi, j’ai cuisiné toute la soirée.'],
    refuse: [
      ['Appelle-moi au 06 12 34 56 78', 'phone'],
      ['mon mail: chloe[at]orange[point]fr', 'email'],
      ['regarde http://chloe.example/photos', 'link'],
      ['On pourrait se voir demain ?', 'meeting'],
      ['Viens chez moi ce soir', 'meeting'],
    ],
  },
  it: {
    pass: ['Ciao! Come stai? Oggi ho fatto una lunga passeggiata al mare.'],
    refuse: [
      ['Il mio numero è 347 123 4567', 'phone'],
      ['scrivimi a giulia@libero.it', 'email'],
      ['il mio sito è giulia.it', 'link'],
      ['Ci vediamo per un appuntamento?', 'meeting'],
      ['Vieni da me stasera', 'meeting'],
    ],
  },
  nb: {
    pass: ['Hei! Hvordan har du det? Jeg har vært på tur i fjellet i dag.'],
    refuse: [
      ['Ring meg på 912 34 567', 'phone'],
      ['send en mail til ingrid@online.no', 'email'],
      ['se bildene mine på ingrid.no', 'link'],
      ['Skal vi møtes i morgen?', 'meeting'],
      ['Kom hjem til meg, jeg bor på et hotell', 'meeting'],
    ],
  },
  nl: {
    pass: ['Hoi! Hoe was je dag? Ik heb vandaag lekker gefietst langs de grachten.'],
    refuse: [
      ['Bel me op 06-12345678', 'phone'],
      ['mail me op sanne@ziggo.nl', 'email'],
      ['kijk op sanne-fotos.nl', 'link'],
      ['Zullen we afspreken?', 'meeting'],
      ['Kom vanavond bij mij', 'meeting'],
    ],
  },
  pl: {
    pass: ['Cześć! Jak minął ci dzień? Ja cały dzień czytałam książkę.'],
    refuse: [
      ['Mój numer to 501 234 567', 'phone'],
      ['napisz na ola.nowak@wp.pl', 'email'],
      ['zobacz www.ola-zdjecia.pl', 'link'],
      ['Może się spotkamy?', 'meeting'],
      ['Chodź do mnie dziś wieczorem', 'meeting'],
    ],
  },
  sv: {
    pass: ['Hej! Hur har din dag varit? Jag har bakat kanelbullar hela eftermiddagen.'],
    refuse: [
      ['Ring mig på 070-123 45 67', 'phone'],
      ['maila mig på elin@telia.se', 'email'],
      ['kolla elin.se', 'link'],
      ['Ska vi träffas på lördag?', 'meeting'],
      ['Kom hem till mig i kväll', 'meeting'],
    ],
  },
};

describe('checkReply', () => {
  it('covers every site language', () => {
    expect(Object.keys(CASES).sort()).toEqual([...languages]);
    expect(Object.keys(MEETING_WORDS).sort()).toEqual([...languages]);
  });

  describe.each(languages)('%s', (language) => {
    it.each(CASES[language].pass)('lets through %j', (text) => {
      expect(checkReply(text, language)).toBeNull();
    });
    it.each(CASES[language].refuse)('refuses %j (%s)', (text, rule) => {
      expect(checkReply(text, language)?.rule).toBe(rule);
    });
  });

  it('names the text that matched', () => {
    expect(checkReply('See you at the Hotel Adlon!', 'de')).toEqual({ rule: 'meeting', match: 'Hotel' });
    expect(checkReply('my number +49 30 1234567 ok', 'en')).toEqual({ rule: 'phone', match: '+49 30 1234567' });
  });

  it('lets ages, years, prices, times and full stops through', () => {
    for (const text of [
      'I am 34, born 1991.',
      'It cost 25.50 euro',
      'Woke up at 7.30 today. Coffee first!',
      'Me too. It was fun',
    ])
      expect(checkReply(text, 'en')).toBeNull();
  });

  it('checks English words for every member', () => {
    expect(checkReply('we could meet', 'pl')?.rule).toBe('meeting');
  });
});
