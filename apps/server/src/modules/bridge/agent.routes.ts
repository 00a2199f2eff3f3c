import { endpoints } from '@vortex/core';
import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import type { EventBus } from '../live/event-bus.js';
import { serveAgent } from './agent-connection.js';
import type { AgentRegistry } from './agent-registry.js';
import { heartbeatWriter } from './agent.service.js';
import { OutageLog } from './database-outage.js';
import { HeartbeatBatch } from './heartbeat-batch.js';

/** The agents' WebSocket. Public at the HTTP level: the agent authenticates in its first message. */
export const agentRoutes =
  (deps: { pool: pg.Pool; bus: EventBus; agents: AgentRegistry }): FastifyPluginAsync =>
  async (app) => {
    // One for all the agents of this instance: an outage is logged once, not once per agent.
    const outage = new OutageLog(app.log);
    const heartbeats = new HeartbeatBatch({
      write: heartbeatWriter(deps.pool),
      outage,
      log: app.log,
    });
    // What the heartbeats of the last interval said is written before the pool goes.
    app.addHook('onClose', () => heartbeats.close());
    const { path, access } = endpoints.bridge.agent;
    app.get(
      path,
      { websocket: true, config: { access }, schema: { hide: true } },
      (socket, req) => {
        serveAgent(socket, req.ip, { ...deps, log: req.log, outage, heartbeats });
      },
    );
  };
