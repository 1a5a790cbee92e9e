# One image for api, worker and sandbox; docker-compose.yml picks the command.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# reCAPTCHA v3 for the browser; docker-compose points these at the sandbox's stand-in.
ARG VITE_RECAPTCHA_SITE_KEY
ARG VITE_RECAPTCHA_SCRIPT_URL
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts ./scripts
USER node
CMD ["node", "--enable-source-maps", "dist/apps/api/src/main.js"]
