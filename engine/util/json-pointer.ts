/** A key as one segment of a JSON pointer (RFC 6901): `~` written `~0`, `/` written `~1`. */
export function pointerSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
