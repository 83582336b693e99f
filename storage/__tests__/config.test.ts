import { describe, expect, it } from 'vitest';
import { parseStorageConfig } from '../index.js';

describe('parseStorageConfig', () => {
  it('when no S3 endpoint is set, then the local driver under DATA_DIR is chosen', () => {
    expect(parseStorageConfig({}, { dataDir: '/data' })).toEqual({ driver: 'local', dataDir: '/data', publicBaseUrl: '' });
    expect(parseStorageConfig({ FILES_PUBLIC_BASE_URL: 'https://craftwell.example/' }, { dataDir: '/d' })).toMatchObject({
      publicBaseUrl: 'https://craftwell.example',
    });
  });

  it('when S3_ENDPOINT is a URL, then host, port and TLS come from it, with defaults for the rest', () => {
    const config = parseStorageConfig(
      { S3_ENDPOINT: 'https://s3.example.com:8443', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's' },
      { dataDir: '/d' },
    );
    expect(config).toEqual({
      driver: 's3', endPoint: 's3.example.com', port: 8443, useSSL: true, accessKey: 'a', secretKey: 's',
      bucket: 'craftwell', region: 'us-east-1', publicUrl: '', filesBaseUrl: '',
    });
  });

  it('when only MINIO_* aliases are set, then they are used, and S3_* wins when both are', () => {
    const config = parseStorageConfig(
      {
        MINIO_ENDPOINT: 'minio', MINIO_PORT: '9000', MINIO_USE_SSL: 'false', MINIO_ACCESS_KEY: 'ma',
        MINIO_SECRET_KEY: 'ms', MINIO_BUCKET: 'media', S3_BUCKET: 'results-bucket', S3_PUBLIC_URL: 'http://localhost:9000/results-bucket',
      },
      { dataDir: '/d' },
    );
    expect(config).toMatchObject({
      driver: 's3', endPoint: 'minio', port: 9000, useSSL: false, accessKey: 'ma', secretKey: 'ms',
      bucket: 'results-bucket', publicUrl: 'http://localhost:9000/results-bucket',
    });
  });

  it('when S3 is chosen without credentials or with a bad value, then parsing fails loudly', () => {
    expect(() => parseStorageConfig({ S3_ENDPOINT: 'minio' }, { dataDir: '/d' })).toThrow(/S3_ACCESS_KEY/);
    expect(() =>
      parseStorageConfig({ S3_ENDPOINT: 'minio', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's', S3_USE_SSL: 'maybe' }, { dataDir: '/d' }),
    ).toThrow(/boolean/);
    expect(() =>
      parseStorageConfig({ S3_ENDPOINT: 'minio', S3_ACCESS_KEY: 'a', S3_SECRET_KEY: 's', S3_BUCKET: 'Bad_Bucket' }, { dataDir: '/d' }),
    ).toThrow(/bucket/);
    expect(() => parseStorageConfig({ FILES_PUBLIC_BASE_URL: 'javascript:alert(1)' }, { dataDir: '/d' })).toThrow();
  });
});
