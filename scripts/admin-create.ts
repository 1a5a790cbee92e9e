/**
 * `npm run admin:create -- <email> [--name "Full Name"]`: creates an admin (or gives an existing one a
 * new password) and prints the password once. Admin accounts are never created over HTTP.
 * Uses DATABASE_URL, or the embedded database of `npm start` (started for the occasion if needed).
 */
import { randomBytes } from 'node:crypto';
import { createAdmin } from '#pie/identity/testing';
import { withScriptOrm } from './script-database.ts';

const args = process.argv.slice(2);
const email = args.find((arg) => !arg.startsWith('--'));
const nameIndex = args.indexOf('--name');
const name = nameIndex >= 0 ? args[nameIndex + 1] : undefined;
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:create -- <email> [--name "Full Name"]');
  process.exit(2);
}

const password = process.env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
await withScriptOrm(async (orm) => {
  const result = await createAdmin(orm.em.fork(), { email, name: name ?? email.split('@')[0], password });
  console.log(`${result.created ? 'Created admin' : 'Set a new password for admin'} ${email.toLowerCase()}`);
  if (!process.env.ADMIN_PASSWORD) console.log(`Password (shown once): ${password}`);
});
