import { describe, expect, it } from 'vitest';
import { ZFullName, ZUsername } from './contracts/account.js';
import { MSG } from './messages.js';
import { hasMixedScripts, isReservedUsername } from './names.js';

describe('usernames that impersonate staff', () => {
  it.each([
    'admin',
    'Admin',
    'ADMIN',
    'admin_1',
    'admin1',
    'admin.team',
    'adm1n',
    '4dmin',
    'the_admin',
    'kwameadmin',
    'adminkwame',
    'superadmin',
    'administrator',
    'sysadmin',
    'support',
    'support_team',
    'support.team',
    'supportteam',
    'cedisupport',
    '5upp0rt',
    'cedicrypto',
    'cedi.crypto',
    'cedi_crypto',
    'Cedi_Crypto_GH',
    'mycedicrypto',
    'c3dicrypt0',
    'staff',
    'staff_07',
    'help',
    'help1',
    'he1p',
    'help_desk',
    'helpdesk',
    'system',
    'root',
    'r00t',
    'moderator',
    'mod',
    'official',
    'kofi_official',
    '0fficial',
    'security',
    'compliance',
    'manager',
    'service',
    'customerservice',
    'team',
    'team_1',
    'kyc',
    'kyc_verify',
    'verified',
    'billing',
    'noreply',
    'no_reply',
  ])('refuses %s', (username) => {
    expect(isReservedUsername(username)).toBe(true);
    const parsed = ZUsername.safeParse(username);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(MSG.usernameReserved);
  });

  it.each([
    'kwame',
    'ama_mensah',
    'efua.owusu',
    'badminton',
    'modupe',
    'helen',
    'steam',
    'teamwork',
    'rootsman',
    'kofi1990',
    'yaw_k',
    'kwesi.b',
    'cedi_lover',
  ])('accepts %s', (username) => {
    expect(isReservedUsername(username)).toBe(false);
    expect(ZUsername.safeParse(username).success).toBe(true);
  });
});

describe('names that mix scripts', () => {
  it.each([
    'Ama Mensah',
    "Kofi Ama-Owusu O'Neil",
    'Ẹkọ Adé',
    'Zoë Ångström',
    'Иван Петров',
    'Γιώργος Παπαδόπουλος',
    'محمد علي',
    'יעל כהן',
    '山田 太郎',
    'やまだ たろう',
    '山田 たろう',
    'ヤマダ 太郎',
    '김 민준',
    '金 민준',
    'Kim 민준',
    'Ken 山田',
    'አበበ በቀለ',
  ])('accepts %s', (name) => {
    expect(hasMixedScripts(name)).toBe(false);
    expect(ZFullName.safeParse(name).success).toBe(true);
  });

  it('reads vowel signs and other marks as part of their letter', () => {
    expect(hasMixedScripts('अमित शर्मा')).toBe(false);
    expect(hasMixedScripts('Ẹ\u0300kọ\u0301 Ade\u0301')).toBe(false);
    expect(hasMixedScripts('Ama\u0301 \u0418')).toBe(true);
  });

  it.each([
    ['a Cyrillic А in a Latin name', '\u0410ma Mensah'],
    ['a Cyrillic е in a Latin name', 'Ama M\u0435nsah'],
    ['a Greek Α in a Latin name', '\u0391ma Mensah'],
    ['a Greek ο in a Latin name', 'K\u03BFfi'],
    ['a Latin a in a Cyrillic name', 'Ивaн'],
    ['a Cyrillic first name with a Latin surname', 'Иван Petrov'],
    ['Greek and Cyrillic', 'Γιώργος Петров'],
    ['Latin and Arabic', 'Ama محمد'],
    ['Hangul and Hiragana', '민준 たろう'],
  ])('refuses %s', (_label, name) => {
    expect(hasMixedScripts(name)).toBe(true);
    const parsed = ZFullName.safeParse(name);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(MSG.fullNameMixedScripts);
  });
});
