/** The n-th notification line the flooding peer writes, exactly as written. */
export function floodLine(n: number): string;
