/**
 * Seeds a large community in a few SQL statements (generate_series), for the api bench and the
 * EXPLAIN test: published images with likes spread over many users, and one busy user's articles.
 */
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

export interface GallerySeed {
  images: number;
  likes: number;
  /** Accounts that own the images and give the likes. */
  users: number;
}

export const BENCH_GALLERY: GallerySeed = { images: 10_000, likes: 50_000, users: 1_000 };

/** Published images, newest one minute apart, each liked by likes/images distinct users. */
export async function seedGallery(db: Queryable, seed: GallerySeed = BENCH_GALLERY): Promise<void> {
  const likesPerImage = Math.ceil(seed.likes / seed.images);
  if (likesPerImage > seed.users) throw new Error('more likes per image than users');
  await db.query(
    `INSERT INTO users (id, name, email)
     SELECT 'seed-user-' || n, 'Seed user ' || n, 'seed-' || n || '@example.com' FROM generate_series(1, $1) n
     ON CONFLICT DO NOTHING`,
    [seed.users],
  );
  await db.query(
    `INSERT INTO creations (user_id, type, prompt, content, publish, created_at)
     SELECT 'seed-user-' || (1 + n % $2), 'image', 'A seeded picture number ' || n,
            '/files/results/seed-' || n || '.png', true, now() - make_interval(mins => n)
       FROM generate_series(1, $1) n`,
    [seed.images, seed.users],
  );
  // Likes: the k-th like of the i-th image comes from user (i * 7 + k) mod users, all distinct.
  await db.query(
    `INSERT INTO creation_likes (creation_id, user_id, created_at)
     SELECT c.id, 'seed-user-' || (1 + (c.rn * 7 + k) % $2), c.created_at + make_interval(secs => k)
       FROM (SELECT id, created_at, row_number() OVER (ORDER BY created_at) AS rn FROM creations WHERE user_id LIKE 'seed-user-%') c
       CROSS JOIN generate_series(0, $1 - 1) k
      WHERE (c.rn - 1) * $1 + k < $3`,
    [likesPerImage, seed.users, seed.likes],
  );
  await db.query('ANALYZE users, creations, creation_likes');
}

/** `count` articles of about `chars` characters each for one user, one hour apart. */
export async function seedArticles(db: Queryable, userId: string, count = 200, chars = 5_500): Promise<void> {
  await db.query(
    `INSERT INTO creations (user_id, type, prompt, content, created_at)
     SELECT $1, 'article', 'Seeded article ' || n,
            '# Seeded article ' || n || E'\\n\\n' || repeat('All work and no play makes a long article. ', $3 / 43),
            now() - make_interval(hours => n)
       FROM generate_series(1, $2) n`,
    [userId, count, chars],
  );
  await db.query('ANALYZE creations');
}
