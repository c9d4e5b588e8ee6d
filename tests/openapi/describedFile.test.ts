import { describe, expect, it } from 'vitest';
import { hashOf } from '../../src/cache/renderCache.ts';
import { describedFile } from '../../src/openapi/openApiModel.ts';

describe("a description's file read from its bytes", () => {
  it('has the digest of its text when its bytes are UTF-8, decoded as it is asked for', () => {
    const bytes = Buffer.from('\uFEFFopenapi: 3.1.0\ninfo: { title: Zahlungsübersicht — 支払い 🍓 }\n');
    const file = describedFile('/project/openapi/api.yaml', bytes);
    expect(file.digest).toBe(hashOf(bytes.toString('utf8')));
    expect(file.source).toBe(bytes.toString('utf8'));
    expect(file.bytes).toBe(bytes.length);
  });

  it('tells apart bytes that are not UTF-8, which decode to the same text', () => {
    // A lone continuation byte: either is U+FFFD in the text.
    const [one, other] = [0x80, 0x81].map((byte) =>
      describedFile('/project/openapi/api.yaml', Buffer.from([0x69, 0x3a, 0x20, byte, 0x0a])),
    );
    expect(one.source).toBe(other.source);
    expect(one.digest).not.toBe(other.digest);
  });

  it('gives its text to a copy of it, as a thread receives it', () => {
    const file = describedFile('/project/openapi/api.json', Buffer.from('{"openapi":"3.1.0"}'));
    expect(structuredClone(file)).toEqual({
      file: '/project/openapi/api.json',
      source: '{"openapi":"3.1.0"}',
      digest: file.digest,
      bytes: 19,
    });
  });
});
