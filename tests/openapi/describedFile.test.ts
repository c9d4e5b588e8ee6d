import { describe, expect, it } from 'vitest';
import { hashOf } from '../../src/cache/renderCache.ts';
import { describedFile } from '../../src/openapi/openApiModel.ts';

describe("a description's file read from its bytes", () => {
  it('has the digest of its text, whether or not its bytes are UTF-8', () => {
    for (const bytes of [
      Buffer.from('\uFEFFopenapi: 3.1.0\ninfo: { title: Zahlungsübersicht — 支払い 🍓 }\n'),
      // A lone continuation byte and a cut sequence: the text holds U+FFFD where they are.
      Buffer.concat([Buffer.from('info: '), Buffer.from([0x80, 0xe2, 0x82]), Buffer.from(' end\n')]),
    ]) {
      const file = describedFile('/project/openapi/api.yaml', bytes);
      expect(file.digest).toBe(hashOf(bytes.toString('utf8')));
      expect(file.source).toBe(bytes.toString('utf8'));
      expect(file.bytes).toBe(bytes.length);
    }
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
