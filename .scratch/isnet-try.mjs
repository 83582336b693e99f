import sharp from 'sharp';
const { predictSaliencyMask, configureIsnet } = await import('/work/main/worker/dist/src/engines/background/isnet.js');
configureIsnet({ model: 'medium', threads: 2, idleMs: Number(process.env.IDLE ?? 0) });
const { data, info } = await sharp('/work/main/tests/fixtures/real-photos/darknet-dog.jpg').removeAlpha().raw().toBuffer({ resolveWithObject: true });
const t = Date.now();
const mask = await predictSaliencyMask({ data, width: info.width, height: info.height });
console.log('ok', mask.length, Date.now() - t, 'ms');
