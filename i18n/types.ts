/** The same tree of keys with every message a string (what each language provides). */
export type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
