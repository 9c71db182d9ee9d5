import { PASSWORD_MIN } from './passwords';

/**
 * The most common passwords of leaked-password lists (the SecLists top lists, RockYou, and the
 * Chinese lists of the 2011 CSDN and Tianya leaks) that SPEC.md's six-character minimum still lets
 * through: an account that can cut power must not have one. Compared in lower case. Shipped with
 * the project (no download); the console warns as it is typed, the server refuses.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '12345678910', '0123456789', '987654321', '9876543210',
  '654321', '123123', '123321', '1234561', '112233', '121212', '123654', '147258', '147258369', '159357', '159753',
  '111111', '222222', '333333', '444444', '555555', '666666', '777777', '888888', '999999', '000000',
  '1111111', '11111111', '00000000', '88888888', '66666666', '5201314', '520520', '521521', '1314520', '131313',
  '7758521', '584520', 'woaini', 'woaini1314', 'woaini520', 'iloveyou', 'iloveu', 'password', 'password1', 'password123',
  'passw0rd', 'p@ssw0rd', 'p@ssword', 'qwerty', 'qwerty123', 'qwertyuiop', 'qweasd', 'qweasdzxc', 'qwe123', 'asdfgh',
  'asdasd', 'asd123', 'asdfghjkl', 'zxcvbn', 'zxcvbnm', '1qaz2wsx', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t', 'q1w2e3r4',
  'a123456', 'a12345678', 'aa123456', 'abc123', 'abc1234', 'abc12345', 'abc123456', 'abcdef', 'abcd1234', 'abcdefg',
  'admin', 'admin1', 'admin123', 'admin888', 'administrator', 'root', 'root123', 'toor', 'test123', 'test1234',
  'letmein', 'welcome', 'welcome1', 'monkey', 'dragon', 'master', 'sunshine', 'princess', 'football', 'baseball',
  'shadow', 'superman', 'michael', 'trustno1', 'whatever', 'starwars', 'computer', 'secret', 'changeme', 'default',
  'demo123', 'guest123', 'user123', 'pass123', 'hello123', 'aaaaaa', 'aaaaaaaa', 'abcabc', 'xiaoming', 'wang123',
  'zhang123', 'li123456', 'dearbook', 'aini1314', 'qq123456', '123qwe', '123abc', '123456a', '123456aa', '123456abc',
]);

/** True when the password is one of COMMON_PASSWORDS (case ignored). */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.trim().toLowerCase());

/**
 * What is wrong with a new password, as a message key of `validation.*` (the same keys on both
 * sides), or undefined: shorter than SPEC.md's six characters, a common password, or the account's
 * own name.
 */
export function newPasswordProblem(password: string, userName?: string): 'passwordLength' | 'passwordCommon' | 'passwordIsName' | undefined {
  if (password.length < PASSWORD_MIN) return 'passwordLength';
  if (isCommonPassword(password)) return 'passwordCommon';
  if (userName && password.trim().toLowerCase() === userName.trim().toLowerCase()) return 'passwordIsName';
  return undefined;
}
