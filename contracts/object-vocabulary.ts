/**
 * What the offline detector can find: the 80 COCO labels in the detector's class order, plus the
 * one-word names people actually type (synonyms, plurals, British/American spellings) mapped onto
 * them. Also the server-side rule that the object is exactly one word.
 */

/** COCO labels in the CenterNet model's class-index order (index = class id). */
export const COCO_LABELS = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat',
  'traffic light', 'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog',
  'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella',
  'handbag', 'tie', 'suitcase', 'frisbee', 'skis', 'snowboard', 'sports ball', 'kite',
  'baseball bat', 'baseball glove', 'skateboard', 'surfboard', 'tennis racket', 'bottle',
  'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple', 'sandwich', 'orange',
  'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch', 'potted plant',
  'bed', 'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone',
  'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors',
  'teddy bear', 'hair drier', 'toothbrush',
] as const;
export type CocoLabel = (typeof COCO_LABELS)[number];

/** One-word names for each label. The label itself (without spaces) is always accepted too. */
const SYNONYMS: Record<CocoLabel, readonly string[]> = {
  person: ['people', 'human', 'man', 'woman', 'boy', 'girl', 'child', 'kid', 'baby', 'guy', 'lady',
    'pedestrian', 'photobomber', 'tourist', 'player', 'astronaut', 'someone', 'persons'],
  bicycle: ['bike', 'cycle', 'pushbike'],
  car: ['vehicle', 'automobile', 'auto', 'taxi', 'cab', 'sedan', 'suv', 'jeep', 'van', 'hatchback'],
  motorcycle: ['motorbike', 'scooter', 'moped', 'motorcycles'],
  airplane: ['plane', 'aeroplane', 'aircraft', 'jet', 'airliner'],
  bus: ['coach', 'minibus'],
  train: ['locomotive', 'tram', 'railcar'],
  truck: ['lorry', 'pickup'],
  boat: ['ship', 'yacht', 'canoe', 'kayak', 'sailboat', 'ferry'],
  'traffic light': ['trafficlight', 'stoplight', 'semaphore'],
  'fire hydrant': ['hydrant', 'firehydrant'],
  'stop sign': ['stopsign', 'sign'],
  'parking meter': ['parkingmeter', 'meter'],
  bench: ['bench'],
  bird: ['pigeon', 'seagull', 'gull', 'duck', 'sparrow', 'crow', 'parrot', 'chicken', 'goose'],
  cat: ['kitty', 'kitten', 'kitteh', 'tomcat', 'pussycat'],
  dog: ['puppy', 'pup', 'doggy', 'doggo', 'hound'],
  horse: ['pony', 'foal', 'stallion', 'mare'],
  sheep: ['lamb', 'ram', 'ewe'],
  cow: ['cattle', 'bull', 'calf', 'ox', 'oxen'],
  elephant: [],
  bear: [],
  zebra: [],
  giraffe: [],
  backpack: ['rucksack', 'knapsack', 'bag'],
  umbrella: ['parasol', 'brolly'],
  handbag: ['purse', 'handbag', 'tote'],
  tie: ['necktie'],
  suitcase: ['luggage', 'baggage', 'trolley'],
  frisbee: ['disc'],
  skis: ['ski'],
  snowboard: [],
  'sports ball': ['ball', 'football', 'soccerball', 'basketball', 'volleyball', 'baseball',
    'sportsball', 'tennisball'],
  kite: [],
  'baseball bat': ['bat', 'baseballbat'],
  'baseball glove': ['glove', 'mitt', 'baseballglove'],
  skateboard: ['skate'],
  surfboard: ['surf'],
  'tennis racket': ['racket', 'racquet', 'tennisracket'],
  bottle: ['flask'],
  'wine glass': ['glass', 'wineglass', 'goblet'],
  cup: ['mug', 'teacup', 'espresso', 'coffee', 'tea'],
  fork: [],
  knife: [],
  spoon: ['teaspoon', 'tablespoon'],
  bowl: ['dish'],
  banana: [],
  apple: [],
  sandwich: ['burger', 'hamburger', 'sub'],
  orange: ['tangerine', 'mandarin', 'clementine'],
  broccoli: [],
  carrot: [],
  'hot dog': ['hotdog', 'sausage'],
  pizza: [],
  donut: ['doughnut'],
  cake: ['cupcake', 'pastry', 'muffin'],
  chair: ['stool', 'seat', 'armchair'],
  couch: ['sofa', 'settee'],
  'potted plant': ['plant', 'pottedplant', 'houseplant', 'flowerpot', 'pot'],
  bed: [],
  'dining table': ['table', 'diningtable', 'desk'],
  toilet: ['loo', 'wc'],
  tv: ['television', 'monitor', 'screen', 'telly'],
  laptop: ['notebook', 'computer', 'macbook'],
  mouse: [],
  remote: ['controller', 'clicker'],
  keyboard: [],
  'cell phone': ['phone', 'cellphone', 'smartphone', 'mobile', 'iphone', 'telephone'],
  microwave: [],
  oven: ['stove', 'cooker'],
  toaster: [],
  sink: ['basin', 'washbasin'],
  refrigerator: ['fridge', 'freezer'],
  book: ['novel', 'magazine'],
  clock: ['watch'],
  vase: [],
  scissors: ['scissor', 'shears'],
  'teddy bear': ['teddy', 'teddybear', 'plush', 'plushie'],
  'hair drier': ['hairdryer', 'hairdrier', 'dryer', 'drier', 'blowdryer'],
  toothbrush: [],
};

/**
 * Classes the detector confuses with each other (it called a cat "dog" on a real photo). A box of
 * a look-alike class is accepted only when no box of the asked class is found, with a lower rank.
 */
const LOOK_ALIKES: readonly (readonly CocoLabel[])[] = [
  ['cat', 'dog', 'teddy bear', 'sheep', 'bear'],
  ['car', 'truck', 'bus'],
  ['cup', 'wine glass', 'bowl', 'vase', 'bottle'],
  ['couch', 'chair', 'bench', 'bed'],
  ['horse', 'cow', 'sheep', 'zebra', 'giraffe', 'elephant'],
  ['tv', 'laptop'],
  ['cell phone', 'remote'],
  ['handbag', 'backpack', 'suitcase'],
  ['orange', 'apple', 'sports ball'],
];

const IRREGULAR_PLURALS: Record<string, string> = {
  people: 'person', men: 'man', women: 'woman', children: 'child', mice: 'mouse', knives: 'knife',
  geese: 'goose', oxen: 'ox', teeth: 'tooth', leaves: 'leaf', buses: 'bus', glasses: 'glass',
  couches: 'couch', sandwiches: 'sandwich', benches: 'bench', dishes: 'dish', watches: 'watch',
  boxes: 'box', ponies: 'pony', puppies: 'puppy', kitties: 'kitty', skis: 'skis', scissors: 'scissors',
};

const NAME_TO_LABEL: ReadonlyMap<string, CocoLabel> = (() => {
  const map = new Map<string, CocoLabel>();
  for (const label of COCO_LABELS) {
    map.set(label.replace(/\s+/g, ''), label);
    for (const word of SYNONYMS[label]) map.set(word, label);
  }
  return map;
})();

/** Lower-cases, strips surrounding punctuation/quotes and joins hyphenated words ("teddy-bear"). */
export function normalizeObjectWord(word: string): string {
  const lower = word.normalize('NFKC').toLowerCase();
  // Trimmed by scanning: a `[^\p{L}\p{N}]+$` pattern backtracks quadratically on long punctuation runs.
  const chars = [...lower];
  let start = 0;
  let end = chars.length;
  while (start < end && !LETTER_OR_DIGIT.test(chars[start]!)) start++;
  while (end > start && !LETTER_OR_DIGIT.test(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('').replace(/[-_']/g, '');
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

function singularCandidates(word: string): string[] {
  const out = [word];
  if (IRREGULAR_PLURALS[word]) out.push(IRREGULAR_PLURALS[word]);
  if (word.endsWith('ies') && word.length > 4) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('ves') && word.length > 4) out.push(`${word.slice(0, -3)}f`, `${word.slice(0, -3)}fe`);
  if (word.endsWith('es') && word.length > 3) out.push(word.slice(0, -2));
  if (word.endsWith('s') && word.length > 2) out.push(word.slice(0, -1));
  return out;
}

/** Maps a typed name ("kitties", "Vehicle", "mug") to a COCO label, or null if it is unknown. */
export function resolveObjectLabel(name: string): CocoLabel | null {
  const word = normalizeObjectWord(name);
  for (const candidate of singularCandidates(word)) {
    const label = NAME_TO_LABEL.get(candidate);
    if (label) return label;
  }
  return null;
}

/** Labels worth trying for a request, best first: the label itself, then its look-alikes. */
export function labelsToTry(label: CocoLabel): { label: CocoLabel; exact: boolean }[] {
  const result: { label: CocoLabel; exact: boolean }[] = [{ label, exact: true }];
  for (const group of LOOK_ALIKES) {
    if (!group.includes(label)) continue;
    for (const other of group) {
      if (other !== label && !result.some((r) => r.label === other)) result.push({ label: other, exact: false });
    }
  }
  return result;
}

/** Short list for messages: the everyday names a person would type. */
export const KNOWN_OBJECTS_SUMMARY = COCO_LABELS.map((label) => {
  const oneWord: Partial<Record<CocoLabel, string>> = {
    'traffic light': 'traffic light', 'sports ball': 'ball', 'baseball bat': 'bat',
    'baseball glove': 'glove', 'tennis racket': 'racket', 'wine glass': 'glass',
    'hot dog': 'hotdog', 'potted plant': 'plant', 'dining table': 'table', 'cell phone': 'phone',
    'teddy bear': 'teddy', 'hair drier': 'hairdryer', 'fire hydrant': 'hydrant',
    'stop sign': 'stopsign', 'parking meter': 'meter',
  };
  return oneWord[label] ?? label;
}).join(', ');

export type ObjectNameCheck =
  | { ok: true; name: string; label: CocoLabel | null }
  | { ok: false; message: string; status: number };

export const ONE_WORD_MESSAGE = 'Please enter only one object name';

export interface ObjectNameOptions {
  /** A provider that removes objects by name (Cloudinary) is configured: any word is fine. */
  anyName?: boolean;
  /** The request carries a mask, so detection is skipped and any word is fine. */
  hasMask?: boolean;
}

/**
 * The server-side rule, run by the api before enqueueing and by the worker before running:
 * exactly one word (split on whitespace, as the web's live indicator does), then, unless a
 * provider or a mask makes it unnecessary, a name the offline detector knows.
 */
export function validateObjectName(text: string, options: ObjectNameOptions = {}): ObjectNameCheck {
  const words = text.trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) {
    return { ok: false, message: 'Please enter the name of the object to remove', status: 400 };
  }
  if (words.length > 1) return { ok: false, message: ONE_WORD_MESSAGE, status: 400 };
  const name = normalizeObjectWord(words[0]!);
  if (!name || name.length > 40) {
    return { ok: false, message: 'Please enter the name of the object to remove', status: 400 };
  }
  const label = resolveObjectLabel(name);
  if (!label && !options.anyName && !options.hasMask) {
    return {
      ok: false,
      status: 422,
      message:
        `The offline object remover doesn't know "${name}". It can find these objects: ` +
        `${KNOWN_OBJECTS_SUMMARY}. A configured provider (Cloudinary) removes anything by name.`,
    };
  }
  return { ok: true, name, label };
}
