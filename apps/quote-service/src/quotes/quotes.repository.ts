import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QuoteEntity } from './quote.entity.js';

@Injectable()
export class QuotesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Scoped by partner: another partner's quote id finds nothing.
  findForPartner(partnerId: string, quoteId: string): Promise<QuoteEntity | null> {
    return this.dataSource.getRepository(QuoteEntity).findOneBy({ id: quoteId, partnerId });
  }
}
