/* Word lists the generated catalogue is built from (all invented; any likeness is chance). */

export const FIRST_NAMES = [
  'Ada', 'Alba', 'Amara', 'Anouk', 'Arlo', 'Astrid', 'Aya', 'Bea', 'Bruno', 'Caio', 'Cleo', 'Dario', 'Dina', 'Elio', 'Elsa',
  'Emeka', 'Esme', 'Ezra', 'Farah', 'Felix', 'Freya', 'Gia', 'Hana', 'Hugo', 'Ines', 'Ivo', 'Jada', 'Jonas', 'Juno', 'Kai',
  'Kenji', 'Kofi', 'Lea', 'Leon', 'Lina', 'Luca', 'Mae', 'Malik', 'Mila', 'Milo', 'Nadia', 'Nico', 'Nina', 'Noor', 'Oda',
  'Omar', 'Otis', 'Pia', 'Priya', 'Rafa', 'Rosa', 'Rumi', 'Sami', 'Sena', 'Sol', 'Tariq', 'Tess', 'Theo', 'Uma', 'Vera',
  'Wren', 'Yara', 'Yuki', 'Zane', 'Zola',
];

export const LAST_NAMES = [
  'Abara', 'Alves', 'Baker', 'Banda', 'Berg', 'Castell', 'Costa', 'Dahl', 'Delacroix', 'Diallo', 'Eriksen', 'Ferreira', 'Fontaine',
  'Garza', 'Haddad', 'Hale', 'Ishikawa', 'Jensen', 'Kato', 'Kowalski', 'Lindqvist', 'Lopez', 'Mbeki', 'Moreau', 'Nakamura',
  'Novak', 'Okafor', 'Oyelaran', 'Park', 'Petrov', 'Quinn', 'Reyes', 'Rossi', 'Sato', 'Schultz', 'Silva', 'Sorensen', 'Tanaka',
  'Torres', 'Varga', 'Vidal', 'Walsh', 'Weber', 'Xu', 'Yilmaz', 'Zeller', 'Achebe', 'Marlowe', 'Nyström', 'Okoye',
];

export const ADJECTIVES = [
  'Amber', 'Ancient', 'Arctic', 'Bitter', 'Blue', 'Bright', 'Broken', 'Burning', 'Chrome', 'Cold', 'Copper', 'Crimson', 'Crystal',
  'Dark', 'Distant', 'Electric', 'Empty', 'Endless', 'Fading', 'Fever', 'Final', 'Floating', 'Forgotten', 'Gentle', 'Ghost',
  'Glass', 'Golden', 'Hollow', 'Honey', 'Hungry', 'Iron', 'Ivory', 'Late', 'Lazy', 'Little', 'Lonely', 'Lost', 'Lucky', 'Lunar',
  'Midnight', 'Mirror', 'Modern', 'Neon', 'Northern', 'Paper', 'Pale', 'Plastic', 'Purple', 'Quiet', 'Radiant', 'Restless',
  'Rusty', 'Sacred', 'Salt', 'Savage', 'Secret', 'Silent', 'Silver', 'Slow', 'Solar', 'Static', 'Strange', 'Sugar', 'Summer',
  'Sweet', 'Tender', 'Velvet', 'Violet', 'Wild', 'Winter', 'Wooden', 'Young',
];

export const NOUNS = [
  'Anchor', 'Angel', 'Arrow', 'Atlas', 'Avenue', 'Bird', 'Bloom', 'Canyon', 'Cathedral', 'Circle', 'City', 'Cloud', 'Comet',
  'Crown', 'Dancer', 'Dawn', 'Desert', 'Dream', 'Echo', 'Ember', 'Engine', 'Feather', 'Fire', 'Flower', 'Forest', 'Garden',
  'Harbor', 'Heart', 'Horizon', 'Island', 'Jungle', 'Kingdom', 'Lantern', 'Light', 'Lion', 'Machine', 'Meadow', 'Moon',
  'Mountain', 'Ocean', 'Orchid', 'Palace', 'Parade', 'Pilot', 'Planet', 'Prophet', 'Rain', 'River', 'Rose', 'Runner', 'Sailor',
  'Season', 'Shadow', 'Signal', 'Sky', 'Snake', 'Spark', 'Star', 'Storm', 'Stranger', 'Sun', 'Temple', 'Thunder', 'Tide',
  'Tiger', 'Tower', 'Train', 'Valley', 'Wave', 'Window', 'Wolf',
];

export const VERBS = [
  'Breathe', 'Burn', 'Call', 'Chase', 'Dance', 'Dream', 'Drive', 'Fall', 'Fly', 'Follow', 'Forget', 'Hold', 'Hunt', 'Leave',
  'Light', 'Move', 'Rise', 'Run', 'Save', 'Shine', 'Sing', 'Stay', 'Swim', 'Take', 'Wait', 'Wake', 'Walk', 'Wander',
];

export const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'ven', 'zu', 'tor', 'el', 'ny', 'sa', 'qui', 'ro', 'an', 'dex', 'ly', 'mo', 'ix', 'ta', 'or', 'vi', 'sol', 'ne', 'ju', 'pha'];

export const TITLE_WORDS = [
  'Again', 'Alone', 'Anymore', 'Tonight', 'Forever', 'Tomorrow', 'Yesterday', 'Home', 'Away', 'Slowly', 'Together', 'Inside',
  'Outside', 'Under', 'Over', 'Again and Again', 'All Night', 'For You', 'With Me', 'In Blue', 'On Fire', 'At Last',
];

/** Genre families; an artist's genres mostly come from one family. */
export const GENRE_FAMILIES: Record<string, readonly string[]> = {
  pop: ['pop', 'dance pop', 'electropop', 'indie pop', 'synthpop', 'art pop', 'bedroom pop', 'dream pop'],
  rock: ['rock', 'indie rock', 'alternative rock', 'classic rock', 'punk', 'post-punk', 'shoegaze', 'garage rock', 'hard rock'],
  metal: ['metal', 'heavy metal', 'death metal', 'black metal', 'metalcore', 'doom metal'],
  hiphop: ['hip hop', 'rap', 'trap', 'boom bap', 'drill', 'conscious hip hop', 'uk hip hop', 'grime'],
  electronic: ['house', 'techno', 'deep house', 'drum and bass', 'ambient', 'edm', 'trance', 'dubstep', 'lo-fi beats', 'idm'],
  soul: ['r&b', 'neo soul', 'soul', 'funk', 'disco', 'gospel'],
  jazz: ['jazz', 'bebop', 'smooth jazz', 'jazz fusion', 'vocal jazz'],
  folk: ['folk', 'indie folk', 'country', 'americana', 'bluegrass', 'singer-songwriter'],
  latin: ['reggaeton', 'latin pop', 'salsa', 'bachata', 'cumbia', 'latin trap'],
  brazil: ['mpb', 'samba', 'bossa nova', 'funk carioca', 'sertanejo'],
  africa: ['afrobeats', 'afropop', 'amapiano', 'highlife', 'afro house'],
  asia: ['k-pop', 'k-indie', 'j-pop', 'j-rock', 'city pop', 'c-pop', 'mandopop'],
  classical: ['classical', 'modern classical', 'opera', 'baroque', 'soundtrack', 'minimalism'],
  caribbean: ['reggae', 'dancehall', 'ska', 'dub', 'soca'],
  blues: ['blues', 'delta blues', 'electric blues'],
};

/** Families most artists of a country play, where the country leans one way. */
export const COUNTRY_FAMILIES: Record<string, readonly string[]> = {
  KR: ['asia'], JP: ['asia'], CN: ['asia'], TW: ['asia'], HK: ['asia'],
  NG: ['africa'], GH: ['africa'], ZA: ['africa', 'electronic'], KE: ['africa'], SN: ['africa'],
  BR: ['brazil'], PR: ['latin'], CO: ['latin'], MX: ['latin'], AR: ['latin', 'rock'], CU: ['latin', 'jazz'], DO: ['latin'],
  JM: ['caribbean'], TT: ['caribbean'],
  SE: ['pop', 'metal', 'electronic'], NO: ['metal', 'electronic', 'pop'], FI: ['metal', 'rock'],
  DE: ['electronic', 'rock'], AT: ['classical', 'electronic'],
  US: ['pop', 'hiphop', 'rock', 'folk', 'soul', 'jazz', 'blues'], GB: ['rock', 'pop', 'electronic', 'hiphop'],
};

/**
 * Where generated artists come from (ISO 3166-1 alpha-2) and how often; weights are rough
 * shares of artists, so a few markets dominate and many appear a little (55 countries).
 */
export const ARTIST_COUNTRIES: ReadonlyArray<readonly [string, number]> = [
  ['US', 22], ['GB', 8], ['DE', 5], ['SE', 4], ['FR', 4], ['CA', 4], ['BR', 4], ['AU', 3], ['JP', 3], ['KR', 3], ['MX', 3],
  ['NG', 2], ['NL', 2], ['IT', 2], ['ES', 2], ['IN', 2], ['NO', 1.5], ['FI', 1.5], ['CO', 1.5], ['AR', 1.5], ['CN', 1.5],
  ['DK', 1], ['IE', 1], ['JM', 1], ['PR', 1], ['ZA', 1], ['GH', 1], ['PL', 1], ['BE', 1], ['NZ', 1], ['TR', 1], ['PH', 1],
  ['ID', 1], ['RU', 1], ['AT', 0.8], ['CH', 0.8], ['CL', 0.8], ['UA', 0.8], ['PT', 0.7], ['GR', 0.5], ['IL', 0.5],
  ['EG', 0.5], ['MA', 0.5], ['SN', 0.5], ['KE', 0.5], ['CU', 0.5], ['PE', 0.5], ['TH', 0.5], ['VN', 0.5], ['TW', 0.5],
  ['CZ', 0.5], ['RO', 0.5], ['HU', 0.4], ['IS', 0.4], ['EE', 0.3], ['HK', 0.3], ['DO', 0.3], ['TT', 0.3],
];

export const LABELS = [
  'Northbound Records', 'Paper Moon Music', 'Low Tide Recordings', 'Copper Coast', 'Glasshouse Records', 'Night Ferry',
  'Ember & Ash', 'Blue Hour Music', 'Small Planet Records', 'Velvet Anchor', 'Sundial Sound', 'Open Field Records',
];

/** `platform` values of the extended export, as recent exports write them. */
export const PLATFORMS = ['android', 'ios', 'windows', 'osx', 'linux', 'web_player', 'cast_to_device'] as const;

/** The markets a generated track is available in (one shared list keeps responses small). */
export const MARKETS: readonly string[] = ARTIST_COUNTRIES.map(([code]) => code).sort();
