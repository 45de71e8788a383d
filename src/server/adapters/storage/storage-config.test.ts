import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createFileStorage } from './create-file-storage';
import { LocalFileStorage } from './local-storage';
import { S3FileStorage } from './s3-storage';

const S3_ENV = { S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'very-secret-key' };

describe('file storage configuration', () => {
  it('keeps files under DATA_DIR/files by default', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/shop-data' });
    expect(config.s3).toBeNull();
    expect(createFileStorage(config)).toBeInstanceOf(LocalFileStorage);
  });

  it('chooses S3-compatible storage from S3_* variables, AWS in us-east-1 unless told otherwise', () => {
    const config = loadConfig(S3_ENV);
    expect(config.s3).toEqual({ endpoint: 'https://s3.us-east-1.amazonaws.com', bucket: 'shop-files', region: 'us-east-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'very-secret-key', publicUrl: undefined });
    expect(createFileStorage(config)).toBeInstanceOf(S3FileStorage);
    expect(loadConfig({ ...S3_ENV, S3_REGION: 'eu-west-2' }).s3?.endpoint).toBe('https://s3.eu-west-2.amazonaws.com');
    expect(loadConfig({ ...S3_ENV, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PUBLIC_URL: 'https://cdn.example.com/files' }).s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', publicUrl: 'https://cdn.example.com/files' });
  });

  it('stops at a partial S3 configuration, naming each missing variable and never printing the secret', () => {
    expect(() => loadConfig({ S3_BUCKET: 'shop-files' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'shop-files' })).toThrow(/S3_ACCESS_KEY_ID: is required for S3-compatible file storage \(set because S3_BUCKET is set\)/);
    expect(() => loadConfig({ S3_BUCKET: 'shop-files' })).toThrow(/S3_SECRET_ACCESS_KEY: is required/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required/);
    expect(() => loadConfig({ S3_SECRET_ACCESS_KEY: 'hunter2-secret' })).not.toThrow(/hunter2/);
    expect(() => loadConfig({ ...S3_ENV, S3_SECRET_ACCESS_KEY: 'short' })).toThrow('S3_SECRET_ACCESS_KEY: must be the secret access key that belongs to S3_ACCESS_KEY_ID (got a value, not shown)');
  });

  it.each([
    [{ S3_ENDPOINT: 'ftp://x' }, 'S3_ENDPOINT'],
    [{ S3_PUBLIC_URL: 'http://cdn.example.com' }, 'S3_PUBLIC_URL'],
    [{ S3_BUCKET: 'Not_A_Bucket' }, 'S3_BUCKET'],
    [{ S3_REGION: 'EU West' }, 'S3_REGION'],
  ])('refuses %o naming the variable', (env, name) => {
    expect(() => loadConfig({ ...S3_ENV, ...env })).toThrow(new RegExp(`${name}: must`));
  });
});
