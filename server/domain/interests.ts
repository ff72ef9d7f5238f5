// The interests icon set of spec 3: one emoji per interest, shown beside its translated label.
import type { Interest } from '../../contract/index.ts';

/** Icon (an emoji) of each interest of the spec's set. */
export const interestIcons: Record<Interest, string> = {
  adventure: '🧭', analsex: '🍑', animals: '🐾', art: '🎨', astrology: '✨', bbq: '🍖', beach: '🏖️', beer: '🍺',
  biking: '🚴', bondage: '⛓️', coffee: '☕', cooking: '🍳', dancing: '💃', exchanging_pictures: '📸', fashion: '👗',
  foodie: '🍽️', gardening: '🌱', gym: '🏋️', hiking: '🥾', hugging: '🤗', kissing: '💋', lingerie: '👙',
  massages: '💆', masturbating: '🔥', movies: '🎬', music: '🎵', one_night_stand: '🌙', oral_sex: '👅',
  outdoors: '🏕️', party: '🎉', photography: '📷', politics: '🗳️', public_sex: '🌆', reading: '📚',
  relationship: '💞', sadomasochism: '🖤', safe_sex: '🛡️', sex: '❤️‍🔥', sex_toys: '🎁', shopping: '🛍️',
  sports: '⚽', sushi: '🍣', tattoos: '🖋️', tea: '🍵', theater: '🎭', threesome: '👩‍❤️‍👨', travelling: '✈️',
  vegetarian: '🥗', videogames: '🎮', wine: '🍷',
};
