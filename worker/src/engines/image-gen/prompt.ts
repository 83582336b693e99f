/** The prompt exactly as spec section 5 builds it. */
export function imagePrompt(description: string, style: string): string {
  return `Generate an image of ${description} in the style ${style}`;
}
