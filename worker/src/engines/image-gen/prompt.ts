/** The prompt sentence the image tool defines (docs/engines/image-generation.md); providers get it as is. */
export function imagePrompt(description: string, style: string): string {
  return `Generate an image of ${description} in the style ${style}`;
}
