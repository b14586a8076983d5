import { Module } from '@nestjs/common';
import { StreamsModule } from '../streams/streams.module.js';
import { TopicHistoryQuery } from './topic-history.query.js';
import { TopicsController } from './topics.controller.js';

@Module({
  imports: [StreamsModule],
  controllers: [TopicsController],
  providers: [TopicHistoryQuery],
})
export class TopicsModule {}
