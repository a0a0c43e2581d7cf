/** The shape of a translation namespace: same keys as the Chinese source, any strings as values. */
export type Messages<T> = { readonly [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };
