"""What people read: reference sheets, PDFs, print-and-play pages, exports, English, diffs, docs and schemas."""
