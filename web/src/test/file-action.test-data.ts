/** Timeline files as a selection hands them to file actions: IMG_1.jpg … IMG_n.jpg of user u1. */
export const timelineFiles = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    fileID: `f${i + 1}`,
    jobID: 'timeline',
    fileName: `IMG_${i + 1}.jpg`,
    user_uuid: 'u1',
    duration: 0,
  }));
