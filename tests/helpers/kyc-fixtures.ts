import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/*
 * What the KYC API tests share (src/server/modules/kyc): one ID verifies one account and one
 * verified phone belongs to one account (docs/decisions/016), so each test takes new numbers.
 */

let counter = 0;

/** A foreign national's passport with an address in Accra, a new passport number each time. */
export function foreignPassport() {
  counter += 1;
  return {
    idType: 'passport',
    idNumber: `G${1_000_000 + counter}`,
    nationality: 'other',
    nationalityCountry: 'Nigeria',
    address: '12 Oxford Street',
    city: 'Accra',
    country: 'Ghana',
  };
}

/** A Ghana mobile number in international form that no other test of the file has used. */
export function uniqueGhanaPhone(prefix = '24'): string {
  counter += 1;
  return `+233${prefix}${String(counter).padStart(7, '0')}`;
}

/** Every file under `dir`, however deep (the documents folder: what a refused upload left behind). */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}
