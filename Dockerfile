# One image, three roles: `node api/dist/main.js` (api), `worker.js`, `scheduler.js`,
# and `node api/dist/cli/migrate.js up` for the one-shot migration.
FROM node:lts-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/test-kit/package.json libs/test-kit/
COPY api/package.json api/
COPY web/package.json web/
COPY extension/package.json extension/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:lts-slim
ENV NODE_ENV=production
# A container's loopback is its own: listen on every interface (outside the image the default is 127.0.0.1).
ENV HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/contracts/package.json /app/libs/contracts/package.json
COPY --from=build /app/libs/contracts/dist /app/libs/contracts/dist
COPY --from=build /app/api/package.json /app/api/package.json
COPY --from=build /app/api/dist /app/api/dist
COPY --from=build /app/web/dist /app/web/dist
COPY --from=build /app/extension/dist /app/extension/dist
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]
