import { describe, expect, it } from 'vitest';
import { checkPdfUpload, InputError, MAX_PDF_BYTES } from '../pdf-input.js';

const reject = (bytes: Buffer) => checkPdfUpload(bytes).then(() => null, (e: unknown) => e as InputError);

describe('checkPdfUpload', () => {
  it('when the bytes start with %PDF-, then the upload passes', async () => {
    await expect(checkPdfUpload(Buffer.from('%PDF-1.7\n...'))).resolves.toBeUndefined();
  });

  it('when the file is empty, then 400', async () => {
    expect(await reject(Buffer.alloc(0))).toMatchObject({ name: 'InputError', status: 400 });
  });

  it('when the file is over 10 MB, then 413 with its size', async () => {
    const big = Buffer.alloc(MAX_PDF_BYTES + 1);
    big.write('%PDF-1.4');
    const error = await reject(big);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ status: 413, message: expect.stringContaining('10.00 MB; the limit is 10 MB') });
  });

  it('when a PNG is named resume.pdf, then 415: the bytes decide, not the name', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(await reject(png)).toMatchObject({ status: 415, message: expect.stringMatching(/^Please upload a PDF file/) });
  });
});
