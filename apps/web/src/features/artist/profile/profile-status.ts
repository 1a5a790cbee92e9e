import { ARTIST_PROFILE_REQUIRED_FIELDS, isArtistProfileComplete, type ArtistProfileRequiredField, type ArtistUser } from '#pie/contracts';

type ProfileFields = Pick<ArtistUser, ArtistProfileRequiredField>;

/** How each field that decides completeness is named in a sentence. */
const FIELD_NAMES: Record<ArtistProfileRequiredField, string> = {
  first_name: 'first name',
  last_name: 'last name',
  phone_number: 'phone number',
  country: 'country',
};

/** Whether a profile field counts towards completeness: the form marks exactly these required. */
export function decidesCompleteness(field: string): boolean {
  return (ARTIST_PROFILE_REQUIRED_FIELDS as readonly string[]).includes(field);
}

/** Spec §3: complete only when every field in `ARTIST_PROFILE_REQUIRED_FIELDS` is present. */
export function profileStatus(user: ProfileFields) {
  const missing = ARTIST_PROFILE_REQUIRED_FIELDS.filter((field) => !user[field]?.trim()).map((field) => FIELD_NAMES[field]);
  return { complete: isArtistProfileComplete(user), missing };
}

/** 'phone number and country', 'first name, phone number and country'. */
export function listOfFields(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
