export {
  assertHuman,
  createBotCheck,
  createLocalBotCheck,
  createTurnstileBotCheck,
  type BotCheck,
  type BotCheckConfig,
} from './bot-check.ts';
