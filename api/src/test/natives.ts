import { setFlagsFromString } from 'node:v8';

/**
 * One of V8's runtime functions (natives syntax, `%Name(...)`) as a plain function, for tests
 * that ask V8 what it did with an object: where it lives, which hidden class it has. The flag
 * holds for code compiled after it is set, so the call is compiled here, after it.
 */
export function nativeFunction<Args extends unknown[], Result>(
  name: string,
  arity: Args['length'],
): (...args: Args) => Result {
  setFlagsFromString('--allow-natives-syntax');
  const params = Array.from({ length: arity }, (_, i) => `a${i}`);
  return new Function(...params, `return %${name}(${params.join(', ')})`) as (...args: Args) => Result;
}
