import { describe, expect, it } from 'vitest';
import { amzDate, parseAuthorization, sha256Hex, sign, uriEncode } from './sigv4';

describe('Signature V4', () => {
  // AWS's published example "GET Object" (S3 API reference, Signature Calculations): an independent check.
  it("matches AWS's example signature for GET /test.txt", () => {
    const payloadHash = sha256Hex('');
    expect(payloadHash).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    const signed = sign({
      method: 'GET',
      path: '/test.txt',
      headers: { Host: 'examplebucket.s3.amazonaws.com', Range: 'bytes=0-9', 'x-amz-content-sha256': payloadHash, 'x-amz-date': '20130524T000000Z' },
      payloadHash,
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(signed.signature).toBe('f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41');
    expect(signed.signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(parseAuthorization(signed.authorization)).toEqual({
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      scope: '20130524/us-east-1/s3/aws4_request',
      signedHeaders: ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'],
      signature: signed.signature,
    });
  });

  it('encodes the way SigV4 wants and formats the date', () => {
    expect(uriEncode('a b/c+d~e', true)).toBe('a%20b/c%2Bd~e');
    expect(uriEncode('a/b')).toBe('a%2Fb');
    expect(amzDate(new Date('2024-03-05T06:07:08.123Z'))).toBe('20240305T060708Z');
  });

  it('refuses to sign without an x-amz-date header', () => {
    expect(() => sign({ method: 'GET', path: '/', headers: { host: 'h' }, payloadHash: sha256Hex(''), region: 'r', accessKeyId: 'a', secretAccessKey: 's' })).toThrow(/x-amz-date/);
  });
});
