import { isArtistProfileComplete, type ArtistUser } from '#pie/contracts';

type ProfileFields = Pick<ArtistUser, 'first_name' | 'last_name' | 'phone_number' | 'country'>;

const FIELD_NAMES: [keyof ProfileFields, string][] = [
  ['first_name', 'first name'],
  ['last_name', 'last name'],
  ['phone_number', 'phone number'],
  ['country', 'country'],
];

/** Spec §3: complete only when first name, last name, phone number and country are all present. */
export function profileStatus(user: ProfileFields) {
  const missing = FIELD_NAMES.filter(([field]) => !user[field]?.trim()).map(([, name]) => name);
  return { complete: isArtistProfileComplete(user), missing };
}

/** 'phone number and country', 'first name, phone number and country'. */
export function listOfFields(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
