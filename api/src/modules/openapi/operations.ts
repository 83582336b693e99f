/** Every documented route, with the schema objects its route module validates with. */
import { z } from 'zod';
import { deleteAccountBody, changeEmailBody } from '../account/routes.js';
import { adminAuditQuery, adminCreationParams, adminPageQuery, adminUserParams, adminUsersQuery, setDisabledBody, setPlanBody } from '../admin/routes.js';
import { claimAdminBody, createInviteBody, engineParams, inviteParams } from '../admin/routes.js';
import { articleOutlineSchema, articleSchema, articleSectionSchema, blogTitleSchema, imageSchema } from '../ai/routes.js';
import { apiKeyParams, createApiKeyBody } from '../api-keys/routes.js';
import { batchParams } from '../batches/routes.js';
import { creationIdParams, downloadQuery } from '../creations/routes.js';
import { createShareLinkBody, shareLinkParams, shareLinkReply } from '../share-links/routes.js';
import { newsletterSchema } from '../site/routes.js';
import { pageSchema, toggleSchema } from '../users/routes.js';
import { replies, type OperationSpec } from './document.js';

const asyncQuery = z.object({ async: z.enum(['1', 'true']).optional().describe('Answer 202 with a jobId at once instead of waiting for the result') });
const jobParams = z.object({ id: z.string().describe('The jobId from an async request') });
const creations = z.object({ success: z.boolean(), creations: z.array(z.object({ id: z.string(), type: z.string(), prompt: z.string(), content: z.string(), publish: z.boolean(), likes: z.array(z.string()), created_at: z.string() })) });

export const OPERATIONS: OperationSpec[] = [
  { method: 'get', path: '/api/config', tag: 'Site', summary: 'Plans, limits, sign-in mode and engines', auth: false },
  { method: 'get', path: '/api/openapi.json', tag: 'Site', summary: 'This document (OpenAPI 3.1)', auth: false },
  { method: 'post', path: '/api/newsletter', tag: 'Site', summary: 'Subscribe an e-mail to the newsletter', auth: false, body: newsletterSchema },

  { method: 'post', path: '/api/ai/generate-article', tag: 'Tools', summary: 'Write an article', description: 'length is 800, 1200 or 1600 (words).', body: articleSchema, query: asyncQuery, reply: replies.content },
  { method: 'post', path: '/api/ai/article-outline', tag: 'Tools', summary: 'Plan the section headings of an article before its draft (not saved, no quota)', description: 'content is a markdown list of headings; send them, edited, as sections to generate-article.', body: articleOutlineSchema, query: asyncQuery, reply: replies.content },
  { method: 'post', path: '/api/ai/revise-article-section', tag: 'Tools', summary: 'Regenerate, lengthen or shorten one section of an article; saved as a new version', description: 'section is the heading of a "## " section (or an outline\'s H2). Written articles need a text model; offline outlines are revised by the outline engine.', body: articleSectionSchema, query: asyncQuery, reply: replies.content },
  { method: 'post', path: '/api/ai/generate-blog-title', tag: 'Tools', summary: 'Suggest blog titles', body: blogTitleSchema, query: asyncQuery, reply: replies.content },
  { method: 'post', path: '/api/ai/generate-image', tag: 'Tools', summary: 'Generate an image', body: imageSchema, query: asyncQuery, reply: replies.content },
  {
    method: 'post', path: '/api/ai/remove-image-background', tag: 'Tools', summary: 'Remove the background of an image (optionally finished by a preset)', query: asyncQuery, reply: replies.content,
    description: 'Presets: marketplace (white, square 2000 px; download it as JPEG with format=jpg) and profile-picture (a colour, 800 px circle-safe square).',
    multipart: [
      { name: 'image', description: 'JPG, PNG, WebP... (at most 20 MB); or instead give source', required: false },
      { name: 'source', description: 'The id of one of your image creations to work on (its image is used when no file is sent; the result is linked to it)', required: false, text: true },
      { name: 'preset', description: 'marketplace or profile-picture', required: false, text: true },
      { name: 'colour', description: '#rrggbb replacing the preset\'s colour', required: false, text: true },
    ],
  },
  {
    method: 'post', path: '/api/ai/remove-image-object', tag: 'Tools', summary: 'Remove one object from an image', query: asyncQuery, reply: replies.content,
    multipart: [
      { name: 'image', description: 'The picture (at most 20 MB); or instead give source', required: false },
      { name: 'source', description: 'The id of one of your image creations to work on (its image is used when no file is sent; the result is linked to it)', required: false, text: true },
      { name: 'object', description: 'One word naming the object', required: false, text: true },
      { name: 'mask', description: 'Optional PNG the size of the image: white marks what to remove', required: false },
    ],
  },
  {
    method: 'post', path: '/api/ai/detect-objects', tag: 'Tools', summary: 'Find the instances of an object in a picture before removing one (not saved; a light use)',
    description: 'Answers the instances found (boxes) so a client can let the user pick one; send x and y (pixels) to ask which instance is at that point.',
    multipart: [
      { name: 'image', description: 'The picture (at most 20 MB)', required: true },
      { name: 'object', description: 'One word naming the object', required: true, text: true },
      { name: 'x', description: 'Optional point, in pixels from the left', required: false, text: true },
      { name: 'y', description: 'Optional point, in pixels from the top', required: false, text: true },
    ],
  },
  { method: 'post', path: '/api/ai/resume-review', tag: 'Tools', summary: 'Review a resume (text PDF)', query: asyncQuery, reply: replies.content, multipart: [{ name: 'resume', description: 'A text PDF (at most 10 MB)', required: true }] },
  {
    method: 'post', path: '/api/images/background', tag: 'Tools', summary: 'Put a colour or a picture behind a cut-out, crop it to the subject, square and resize it, or get its mask (PNG)',
    description: 'Fields: output (image or mask, default image), colour (#rrggbb), crop (true or false), square (true or false: pad to a square, subject centred), size (16–4000: the longer side in pixels). Square and size alone work on any picture, so they can follow a colour step; the others need a transparent one. With an uploaded image the result is the PNG file, nothing saved. With source (one of your image creations) it is saved as a new creation linked to that source and the reply is JSON {success, content, creationId}; not counted against the quota.',
    produces: 'image/png', reply: replies.content,
    multipart: [
      { name: 'image', description: 'A transparent PNG, e.g. a background-removal result (at most 20 MB); or instead give source', required: false },
      { name: 'source', description: 'The id of one of your image creations with a transparent background: the result is saved as a creation linked to it', required: false, text: true },
      { name: 'background', description: 'Optional picture to put behind the subject', required: false },
      { name: 'output', description: 'image or mask', required: false, text: true },
      { name: 'colour', description: '#rrggbb behind the subject', required: false, text: true },
      { name: 'crop', description: 'true to crop to the subject', required: false, text: true },
      { name: 'square', description: 'true to pad to a square canvas, the subject centred', required: false, text: true },
      { name: 'size', description: 'The longer side of the result in pixels (16–4000)', required: false, text: true },
    ],
  },
  {
    method: 'post', path: '/api/batches', tag: 'Batches', summary: 'Run many images through Background Removal or Object Removal as one batch',
    description: 'Up to 100 images (field images, repeated) and/or one zip (field zip); fields tool (remove-background or remove-object) and object (remove-object). Each image runs as its own job behind single requests and is charged only if it succeeds. Refused at once with 402 (nothing started) when the quota left cannot hold every image. Files that are not images, over the limits or duplicates are listed as refused items. Send an Idempotency-Key to make a repeat return the same batch. Requests are capped at 48 MB: add more images with POST /api/batches/{id}/items.',
    status: 201,
    multipart: [
      { name: 'tool', description: 'remove-background or remove-object', required: true, text: true },
      { name: 'object', description: 'remove-object: one word naming the object to remove from every image', required: false, text: true },
      { name: 'mask', description: 'remove-object: one brush mask (PNG, white marks what to remove) applied to every image, stretched to each image\'s width and height; checked as the single-image mask is', required: false },
      { name: 'preset', description: 'remove-background: marketplace (white, 2000 px square, JPEG 90 in the zip) or profile-picture (a colour, 800 px circle-safe square)', required: false, text: true },
      { name: 'colour', description: '#rrggbb replacing the preset\'s colour', required: false, text: true },
      { name: 'images', description: 'Images (JPG, PNG, WebP, ... at most 20 MB each); repeat the field', required: false },
      { name: 'zip', description: 'A zip of images (at most 100 files, 150 MB unpacked)', required: false },
    ],
  },
  { method: 'get', path: '/api/batches', tag: 'Batches', summary: 'My batches, newest first (at most 50), with counts per state' },
  { method: 'get', path: '/api/batches/:id', tag: 'Batches', summary: 'A batch: each item with its state (queued with its place, active, done with its result, failed, cancelled, refused), counts and time left', params: batchParams },
  {
    method: 'post', path: '/api/batches/:id/items', tag: 'Batches', summary: 'Add images to a batch (same fields as creating one)', params: batchParams,
    multipart: [
      { name: 'images', description: 'Images; repeat the field', required: false },
      { name: 'zip', description: 'A zip of images', required: false },
    ],
  },
  { method: 'post', path: '/api/batches/:id/cancel', tag: 'Batches', summary: 'Stop the items not yet finished (they are not charged)', params: batchParams },
  { method: 'get', path: '/api/batches/:id/download', tag: 'Batches', summary: 'The done items\' results as one zip (streamed)', params: batchParams, produces: 'application/zip' },
  { method: 'get', path: '/api/jobs/:id', tag: 'Tools', summary: 'State, progress and result of an async job', params: jobParams },

  { method: 'get', path: '/api/me', tag: 'Account', summary: 'The caller' },
  { method: 'post', path: '/api/user/avatar', tag: 'Account', summary: 'Upload a profile picture (local accounts; stored as a 256 px PNG)', multipart: [{ name: 'image', description: 'JPG, PNG or WebP', required: true }] },
  { method: 'get', path: '/api/user/usage', tag: 'Account', summary: "This month's uses and limits per tool" },
  { method: 'post', path: '/api/account/email', tag: 'Account', summary: 'Change the e-mail address (password re-entered)', body: changeEmailBody },
  { method: 'get', path: '/api/account/export', tag: 'Account', summary: 'Everything of the account as a zip', produces: 'application/zip' },
  { method: 'delete', path: '/api/account', tag: 'Account', summary: 'Delete the account and everything it owns', body: deleteAccountBody },
  { method: 'get', path: '/api/api-keys', tag: 'Account', summary: 'List personal API keys (session only)' },
  { method: 'post', path: '/api/api-keys', tag: 'Account', summary: 'Create a personal API key; the key is in this reply only (session only)', body: createApiKeyBody, status: 201 },
  { method: 'delete', path: '/api/api-keys/:id', tag: 'Account', summary: 'Revoke a personal API key (session only)', params: apiKeyParams },

  { method: 'get', path: '/api/user/get-user-creations', tag: 'Creations', summary: 'My creations, newest first', reply: creations },
  { method: 'get', path: '/api/user/creations/:id', tag: 'Creations', summary: 'One creation: one of mine, or a published one', params: creationIdParams },
  { method: 'get', path: '/api/user/creation-stats', tag: 'Creations', summary: 'How many creations I made: in all and in the last 7 days ({total, thisWeek})' },
  { method: 'get', path: '/api/user/get-published-creations', tag: 'Creations', summary: 'The community gallery, newest first', query: pageSchema, reply: creations },
  { method: 'post', path: '/api/user/toggle-like-creation', tag: 'Creations', summary: 'Like or unlike a published creation', body: toggleSchema },
  { method: 'delete', path: '/api/creations/:id', tag: 'Creations', summary: 'Delete one of my creations and its file', params: creationIdParams },
  { method: 'post', path: '/api/creations/:id/unpublish', tag: 'Creations', summary: 'Take one of my creations out of the gallery', params: creationIdParams },
  { method: 'get', path: '/api/creations/:id/download', tag: 'Creations', summary: 'Download a creation: png or jpg for images, md or docx for text', params: creationIdParams, query: downloadQuery, produces: 'application/octet-stream' },
  {
    method: 'post', path: '/api/creations/:id/share-links', tag: 'Creations', summary: 'Share one of my creations through a link (optional expiry and password)',
    description: 'The url (with its token) is in this reply only. expiresAt or expiresInDays: in the future, at most 365 days. The page /s/{token} answers 404 for an unknown token and 410 once the link is revoked or expired.',
    params: creationIdParams, body: createShareLinkBody, status: 201, reply: z.object({ success: z.boolean(), content: shareLinkReply }),
  },
  { method: 'get', path: '/api/share-links', tag: 'Creations', summary: 'My share links that are not revoked (expired ones say so)' },
  { method: 'delete', path: '/api/share-links/:id', tag: 'Creations', summary: 'Revoke a share link at once', params: shareLinkParams },

  { method: 'get', path: '/api/admin/users', tag: 'Admin', summary: "Accounts with plan, state and this month's usage", query: adminUsersQuery },
  { method: 'post', path: '/api/admin/users/:id/plan', tag: 'Admin', summary: "Change an account's plan", params: adminUserParams, body: setPlanBody },
  { method: 'post', path: '/api/admin/users/:id/disabled', tag: 'Admin', summary: 'Disable (and sign out) or enable an account', params: adminUserParams, body: setDisabledBody },
  { method: 'get', path: '/api/admin/queue', tag: 'Admin', summary: 'Jobs waiting, active and failed per queue; latest failures' },
  { method: 'get', path: '/api/admin/gallery', tag: 'Admin', summary: 'Published creations', query: adminPageQuery },
  { method: 'post', path: '/api/admin/creations/:id/unpublish', tag: 'Admin', summary: 'Take any creation out of the gallery', params: adminCreationParams },
  { method: 'get', path: '/api/admin/audit', tag: 'Admin', summary: 'Audit log: administrator actions and sign-ins', query: adminAuditQuery },
  { method: 'post', path: '/api/admin/invites', tag: 'Admin', summary: 'Make a one-time sign-up invite link (SIGNUP_MODE=invite); the code is in this reply only', body: createInviteBody, status: 201 },
  { method: 'get', path: '/api/admin/invites', tag: 'Admin', summary: 'Invite links, newest first (without their codes)' },
  { method: 'delete', path: '/api/admin/invites/:id', tag: 'Admin', summary: 'Revoke an unused invite link', params: inviteParams },
  { method: 'get', path: '/api/admin/engines', tag: 'Admin', summary: 'Engines: the installable inpainting models (state, download progress, checksum, which is in use) and the built-in engines with their sizes' },
  { method: 'post', path: '/api/admin/engines/:name/install', tag: 'Admin', summary: 'Install an engine (lama, migan) from its fixed address, checksum-checked, in the background; follow it with GET /api/admin/engines', params: engineParams, status: 202 },
  { method: 'delete', path: '/api/admin/engines/:name', tag: 'Admin', summary: 'Remove an installed engine, or stop its download; object removal stops using it from its next job', params: engineParams },
  { method: 'post', path: '/api/admin/claim', tag: 'Admin', summary: 'Clerk mode: become the first administrator with the setup code from the server log', body: claimAdminBody },
];
