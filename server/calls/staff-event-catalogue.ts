import * as contract from '../../contract/staff-event-catalogue.ts';
import { createEvent, listEvents, updateEvent } from '../services/staff/event-catalogue.ts';
import { implement } from './handler.ts';

export const staffEventCatalogueHandlers = implement(contract, {
  async staffListEvents({ body, deps }) {
    return listEvents(deps, { productTypeId: body.ProductTypeID, text: body.Text || undefined, status: body.Status, size: body.Size, sort: body.Sort, lastEvaluatedKey: body.LastEvaluatedKey });
  },
  async staffCreateEvent({ body, deps, userId }) {
    const event = await createEvent(deps, userId, {
      typeId: body.ProductTypeID,
      title: body.Title,
      description: body.Description,
      host: body.Host,
      location: body.Location,
      remark: body.Remark,
      image: body.Image,
      published: body.Published,
    });
    return { Event: event };
  },
  async staffUpdateEvent({ body, deps, userId }) {
    const event = await updateEvent(deps, userId, body.EventID, {
      typeId: body.ProductTypeID,
      title: body.Title,
      description: body.Description,
      host: body.Host,
      location: body.Location,
      remark: body.Remark,
      image: body.Image,
      published: body.Published,
    });
    return { Event: event };
  },
});
