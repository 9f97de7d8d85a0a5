# The Tablée app image: builds the client, generates the Prisma client, runs the server with tsx.
FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run db:generate && npm run build
ENV HOST=0.0.0.0 PORT=3000 NODE_ENV=production
# Not as root: the image's own node user (PGlite's data directory, when used, is made writable for it).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# --max-semi-space-size: see server/nodeFlags.ts.
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "server/main.ts"]
