/** The shortest password an account may be given (SPEC.md section 9: 6 characters). */
export const PASSWORD_MIN = 6;
