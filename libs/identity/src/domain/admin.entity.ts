import { defineEntity, p } from '@mikro-orm/core';
import type { AdminProfile } from '#pie/contracts';

/** A back-office admin. Created only from the command line (`npm run admin:create`). */
export const AdminSchema = defineEntity({
  name: 'Admin',
  tableName: 'admins',
  schema: 'identity',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    name: p.string(),
    passwordHash: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Admin extends AdminSchema.class {
  /** Admins have no e-mail verification step: the operator who creates them vouches for the address. */
  hasVerifiedEmail(): boolean {
    return true;
  }

  toProfile(): AdminProfile {
    return { _id: this.id, email: this.email, name: this.name };
  }
}
AdminSchema.setClass(Admin);
