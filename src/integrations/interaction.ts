// Astro integration registering the client:interaction and client:near directives (see *-directive.ts).
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function interactionDirective(): AstroIntegration {
  return {
    name: 'shop:client-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: fileURLToPath(new URL('./interaction-directive.ts', import.meta.url)) });
        addClientDirective({ name: 'near', entrypoint: fileURLToPath(new URL('./near-directive.ts', import.meta.url)) });
      },
    },
  };
}
